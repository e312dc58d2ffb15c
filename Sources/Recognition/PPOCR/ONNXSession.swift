import CORT

/// Sole owner of one ONNX Runtime session (a loaded model), released with this object. Not
/// Sendable: Decant gives each worker its own engine and runs it on that worker's thread.
final class ONNXSession {
    private let runtime: ONNXRuntime
    private let handle: OpaquePointer
    let path: String
    let inputName: String
    let outputName: String

    /// One thread, no spinning: Decant's parallelism is its workers, one per core, and a runtime
    /// thread pool would only compete with them (and spin on cores they need).
    init(runtime: ONNXRuntime, environment: OpaquePointer, path: String) throws(PPOCRError) {
        let api = runtime.api
        var options: OpaquePointer?
        try runtime.check(api.CreateSessionOptions!(&options), "\(path): session options")
        guard let options else { throw PPOCRError(.modelInvalid, "\(path): ONNX Runtime returned no session options") }
        defer { api.ReleaseSessionOptions!(options) }
        try runtime.check(api.SetIntraOpNumThreads!(options, 1), "\(path): intra-op threads")
        try runtime.check(api.SetInterOpNumThreads!(options, 1), "\(path): inter-op threads")
        try runtime.check(api.SetSessionExecutionMode!(options, Int32(CORT_SEQUENTIAL)), "\(path): execution mode")
        try runtime.check(api.AddSessionConfigEntry!(options, "session.intra_op.allow_spinning", "0"), "\(path): spinning")
        try runtime.check(api.AddSessionConfigEntry!(options, "session.inter_op.allow_spinning", "0"), "\(path): spinning")
        try runtime.check(api.SetSessionGraphOptimizationLevel!(options, Int32(CORT_OPTIMIZE_ALL)), "\(path): optimization")
        try runtime.check(api.SetSessionLogSeverityLevel!(options, Int32(CORT_LOGGING_ERROR)), "\(path): log level")
        // Every page and line has its own size: planning memory for the last shape only wastes it,
        // and the arena would keep the largest page's buffers for the worker's life.
        try runtime.check(api.DisableMemPattern!(options), "\(path): memory pattern")
        try runtime.check(api.DisableCpuMemArena!(options), "\(path): memory arena")
        var session: OpaquePointer?
        do throws(PPOCRError) {
            try runtime.check(api.CreateSession!(environment, path, options, &session), path)
        } catch {
            throw PPOCRError(.modelInvalid, "\(error.message); run scripts/setup/ppocr.sh to fetch it again")
        }
        guard let session else { throw PPOCRError(.modelInvalid, "\(path): ONNX Runtime returned no session") }
        self.runtime = runtime
        handle = session
        self.path = path
        do throws(PPOCRError) {
            var inputs = 0, outputs = 0
            try runtime.check(api.SessionGetInputCount!(session, &inputs), "\(path): inputs")
            try runtime.check(api.SessionGetOutputCount!(session, &outputs), "\(path): outputs")
            guard inputs == 1, outputs >= 1 else {
                throw PPOCRError(.modelInvalid, "\(path): \(inputs) inputs and \(outputs) outputs; a PP-OCR model has one input")
            }
            inputName = try Self.name(runtime, session, input: true, path: path)
            outputName = try Self.name(runtime, session, input: false, path: path)
        } catch {
            api.ReleaseSession!(session)
            throw error
        }
    }

    deinit { runtime.api.ReleaseSession!(handle) }

    private static func name(_ runtime: ONNXRuntime, _ session: OpaquePointer, input: Bool, path: String) throws(PPOCRError) -> String {
        let api = runtime.api
        var allocator: OpaquePointer?
        try runtime.check(api.GetAllocatorWithDefaultOptions!(&allocator), "\(path): allocator")
        var name: UnsafeMutablePointer<CChar>?
        let status = input ? api.SessionGetInputName!(session, 0, allocator, &name) : api.SessionGetOutputName!(session, 0, allocator, &name)
        try runtime.check(status, "\(path): tensor name")
        guard let name else { return "" }
        defer { _ = api.AllocatorFree!(allocator, name) }
        return String(cString: name)
    }

    /// The value the model's producer stored under `key` in its custom metadata (nil when there is
    /// none): PP-OCR's recognizer carries its character dictionary there, so a model and its
    /// alphabet cannot be paired wrongly.
    func customMetadata(_ key: String) throws(PPOCRError) -> String? {
        let api = runtime.api
        var metadata: OpaquePointer?
        try runtime.check(api.SessionGetModelMetadata!(handle, &metadata), "\(path): model metadata")
        guard let metadata else { return nil }
        defer { api.ReleaseModelMetadata!(metadata) }
        var allocator: OpaquePointer?
        try runtime.check(api.GetAllocatorWithDefaultOptions!(&allocator), "\(path): allocator")
        var value: UnsafeMutablePointer<CChar>?
        try runtime.check(api.ModelMetadataLookupCustomMetadataMap!(metadata, allocator, key, &value), "\(path): metadata '\(key)'")
        guard let value else { return nil }
        defer { _ = api.AllocatorFree!(allocator, value) }
        return String(cString: value)
    }

    /// Runs the model on one float32 tensor of `shape` and hands its first output (values and
    /// shape) to `body`; the output is released when `body` returns.
    func run<R>(_ input: inout [Float], shape: [Int], _ body: (UnsafeBufferPointer<Float>, [Int]) throws(PPOCRError) -> R) throws(PPOCRError) -> R {
        precondition(shape.reduce(1, *) == input.count, "tensor size does not match its shape")
        let api = runtime.api
        let dims = shape.map { Int64($0) }
        let byteCount = input.count * MemoryLayout<Float>.stride
        // The input is handed over without a copy: the tensor lives only inside this closure.
        let ran: Result<OpaquePointer, PPOCRError> = input.withUnsafeMutableBytes { bytes in
            Result { () throws(PPOCRError) -> OpaquePointer in
                var tensor: OpaquePointer?
                try runtime.check(api.CreateTensorWithDataAsOrtValue!(runtime.cpuMemory, bytes.baseAddress, byteCount, dims, dims.count,
                                                                      Int32(CORT_ELEMENT_FLOAT), &tensor), "\(path): input tensor")
                guard let tensor else { throw PPOCRError(.inferenceFailed, "\(path): no input tensor") }
                defer { api.ReleaseValue!(tensor) }
                var output: OpaquePointer?
                let status = inputName.withCString { inputName in
                    outputName.withCString { outputName in
                        let inputNames: [UnsafePointer<CChar>?] = [inputName]
                        let outputNames: [UnsafePointer<CChar>?] = [outputName]
                        let inputs: [OpaquePointer?] = [tensor]
                        return api.Run!(handle, nil, inputNames, inputs, 1, outputNames, 1, &output)
                    }
                }
                try runtime.check(status, "\(path): the network failed on a \(shape) input")
                guard let output else { throw PPOCRError(.inferenceFailed, "\(path): no output for a \(shape) input") }
                return output
            }
        }
        let output = try ran.get()
        defer { api.ReleaseValue!(output) }
        var info: OpaquePointer?
        try runtime.check(api.GetTensorTypeAndShape!(output, &info), "\(path): output shape")
        guard let info else { throw PPOCRError(.inferenceFailed, "\(path): output without a shape") }
        defer { api.ReleaseTensorTypeAndShapeInfo!(info) }
        var rank = 0
        try runtime.check(api.GetDimensionsCount!(info, &rank), "\(path): output rank")
        var outputDims = [Int64](repeating: 0, count: rank)
        try runtime.check(api.GetDimensions!(info, &outputDims, rank), "\(path): output dimensions")
        let outputShape = outputDims.map { Int($0) }
        var data: UnsafeMutableRawPointer?
        try runtime.check(api.GetTensorMutableData!(output, &data), "\(path): output data")
        let count = outputShape.reduce(1, *)
        guard let data, count > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0), outputShape) }
        return try body(UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: count), outputShape)
    }
}
