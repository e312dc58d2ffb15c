import COCVDNN

/// Sole owner of one OpenCV DNN network, released with this object. Not Sendable: an OpenCV
/// `Net` keeps its blobs between calls and must be used from one thread at a time.
final class DNNNetwork {
    private let handle: OpaquePointer
    let path: String

    /// `threads` is OpenCV's process-wide thread count: one per worker, since Decant runs one
    /// worker per core and OpenCV's own threads would only compete with the others.
    /// `fuse: false` for a network fed inputs of changing height and width (see COCVDNN.h).
    init(path: String, threads: Int = 1, fuse: Bool) throws(PPOCRError) {
        var error = [CChar](repeating: 0, count: 1024)
        guard let handle = cocvdnn_net_create(path, Int32(threads), fuse ? 1 : 0, &error, error.count) else {
            throw PPOCRError(.modelInvalid, "\(path): OpenCV could not load the model (\(Self.text(error))); "
                             + "run scripts/setup-ppocr.sh to convert it again")
        }
        self.handle = handle
        self.path = path
    }

    deinit { cocvdnn_net_destroy(handle) }

    /// A NUL-terminated message buffer as a String.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs the network on an NCHW tensor; returns the output shape (the data stays in the network).
    @discardableResult
    func forward(_ input: [Float], shape: [Int]) throws(PPOCRError) -> [Int] {
        precondition(shape.reduce(1, *) == input.count, "tensor size does not match its shape")
        var error = [CChar](repeating: 0, count: 1024)
        let dims = shape.map { Int32($0) }
        let status = input.withUnsafeBufferPointer { buffer in
            cocvdnn_net_forward(handle, buffer.baseAddress, dims, Int32(dims.count), &error, error.count)
        }
        guard status == 0 else {
            throw PPOCRError(.inferenceFailed, "\(path): the network failed on a \(shape) input (\(Self.text(error)))")
        }
        return (0..<Int(cocvdnn_net_output_rank(handle))).map { Int(cocvdnn_net_output_dim(handle, Int32($0))) }
    }

    /// The last output, copied out.
    func outputValues() -> [Float] {
        let rank = Int(cocvdnn_net_output_rank(handle))
        let count = (0..<rank).map { Int(cocvdnn_net_output_dim(handle, Int32($0))) }.reduce(1, *)
        guard rank > 0, count > 0, let data = cocvdnn_net_output_data(handle) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }

    /// Each row's best class and its score, for an output whose last axis holds class scores.
    func outputArgmax(rows: Int) -> (index: [Int32], value: [Float]) {
        var index = [Int32](repeating: 0, count: rows)
        var value = [Float](repeating: 0, count: rows)
        let n = Int(cocvdnn_net_output_argmax(handle, &index, &value, Int64(rows)))
        return (Array(index.prefix(n)), Array(value.prefix(n)))
    }
}
