#ifndef COCVDNN_H
#define COCVDNN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One OpenCV DNN network loaded from an ONNX file. Owned by exactly one caller, which must
/// release it with cocvdnn_net_destroy; not safe to use from two threads at once.
typedef struct cocvdnn_net cocvdnn_net;

/// Loads an ONNX model. Returns NULL and writes a message into `error` when it cannot.
/// Also sets OpenCV's thread count to `threads` (process-wide in OpenCV). `fuse` lets OpenCV fuse
/// layers; OpenCV 4.6 then returns zeros for the PP-OCR detector once the input size changes, so a
/// network fed several sizes of 2-D input must be loaded with fuse = 0.
cocvdnn_net *cocvdnn_net_create(const char *path, int threads, int fuse, char *error, size_t error_size);

void cocvdnn_net_destroy(cocvdnn_net *net);

/// Runs the network on a float32 tensor of `rank` dimensions `shape` (row-major). Returns 0 on
/// success; -1 with a message in `error` otherwise. The output stays owned by `net` until the next
/// forward or destroy.
int cocvdnn_net_forward(cocvdnn_net *net, const float *input, const int32_t *shape, int32_t rank,
                        char *error, size_t error_size);

/// The last output's rank, size along `axis`, and data (row-major float32).
int32_t cocvdnn_net_output_rank(const cocvdnn_net *net);
int32_t cocvdnn_net_output_dim(const cocvdnn_net *net, int32_t axis);
const float *cocvdnn_net_output_data(const cocvdnn_net *net);

/// For an output whose last axis holds class scores: the index and value of the largest score of
/// each row (all leading axes flattened), written into `index` and `value` (one entry per row).
/// Returns the number of rows.
int64_t cocvdnn_net_output_argmax(const cocvdnn_net *net, int32_t *index, float *value, int64_t capacity);

#ifdef __cplusplus
}
#endif

#endif
