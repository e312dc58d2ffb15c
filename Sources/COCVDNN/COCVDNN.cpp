// A C interface to OpenCV's DNN module, so Swift can own a network without C++ interop.
// Every OpenCV exception is caught here and turned into a return code and a message.
#include "COCVDNN.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>

#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <vector>

struct cocvdnn_net {
    cv::dnn::Net net;
    cv::Mat output;
};

static void write_error(char *error, size_t size, const std::string &message) {
    if (error == nullptr || size == 0) return;
    size_t n = message.size() < size - 1 ? message.size() : size - 1;
    std::memcpy(error, message.data(), n);
    error[n] = '\0';
}

extern "C" cocvdnn_net *cocvdnn_net_create(const char *path, int threads, int fuse, char *error, size_t error_size) {
    try {
        cv::setNumThreads(threads);
        cv::dnn::Net net = cv::dnn::readNetFromONNX(path);
        if (net.empty()) {
            write_error(error, error_size, "OpenCV read no layers from the file");
            return nullptr;
        }
        net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        net.enableFusion(fuse != 0);
        cocvdnn_net *owner = new cocvdnn_net();
        owner->net = net;
        return owner;
    } catch (const cv::Exception &e) {
        write_error(error, error_size, e.what());
    } catch (const std::exception &e) {
        write_error(error, error_size, e.what());
    }
    return nullptr;
}

extern "C" void cocvdnn_net_destroy(cocvdnn_net *net) { delete net; }

extern "C" int cocvdnn_net_forward(cocvdnn_net *net, const float *input, const int32_t *shape, int32_t rank,
                                   char *error, size_t error_size) {
    try {
        std::vector<int> sizes(shape, shape + rank);
        // The caller's buffer outlives this call; OpenCV copies it into its own blob.
        cv::Mat blob(rank, sizes.data(), CV_32F, const_cast<float *>(input));
        net->net.setInput(blob);
        cv::Mat out = net->net.forward();
        // A copy: the returned Mat shares a blob OpenCV reuses, and holding on to it confuses the
        // next forward pass with a different input size.
        net->output.release();
        out.copyTo(net->output);
        return 0;
    } catch (const cv::Exception &e) {
        write_error(error, error_size, e.what());
    } catch (const std::exception &e) {
        write_error(error, error_size, e.what());
    }
    net->output.release();
    return -1;
}

extern "C" int32_t cocvdnn_net_output_rank(const cocvdnn_net *net) { return net->output.dims; }

extern "C" int32_t cocvdnn_net_output_dim(const cocvdnn_net *net, int32_t axis) {
    return axis >= 0 && axis < net->output.dims ? net->output.size[axis] : 0;
}

extern "C" const float *cocvdnn_net_output_data(const cocvdnn_net *net) {
    return net->output.empty() ? nullptr : net->output.ptr<float>();
}

extern "C" int64_t cocvdnn_net_output_argmax(const cocvdnn_net *net, int32_t *index, float *value, int64_t capacity) {
    const cv::Mat &out = net->output;
    if (out.empty() || out.dims < 1) return 0;
    const int64_t classes = out.size[out.dims - 1];
    if (classes <= 0) return 0;
    const int64_t rows = static_cast<int64_t>(out.total()) / classes;
    const float *data = out.ptr<float>();
    for (int64_t r = 0; r < rows && r < capacity; r++) {
        const float *row = data + r * classes;
        int32_t best = 0;
        for (int64_t c = 1; c < classes; c++) {
            if (row[c] > row[best]) best = static_cast<int32_t>(c);
        }
        index[r] = best;
        value[r] = row[best];
    }
    return rows;
}
