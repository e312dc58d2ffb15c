// Rewrites an integer ("fast") Tesseract LSTM model as a float one, so that `lstmtraining` can
// fine-tune it (it refuses integer models: "is an integer (fast) model, cannot continue training").
//
//   combine_tessdata -e /usr/share/tesseract-ocr/5/tessdata/eng.traineddata eng.lstm
//   swift scripts/experiments/ocr-model/dequantize-lstm.swift eng.lstm eng-float.lstm
//
// Debian ships only the integer English model (tessdata_fast), and neither Debian nor PyPI carries
// a float one (tessdata_best). An integer weight matrix stores each row as int8 values and one scale
// (the row's largest magnitude / 127), so weight = value × scale; written back as doubles, the model
// reads as the integer one does (Corpus smoke list: one character of 1,924 differs) and trains.
//
// The layout walked here is Tesseract 5.3's serialization (src/lstm: Network::Serialize and each
// layer's Serialize, WeightMatrix::Serialize, LSTMRecognizer::Serialize), little-endian.
import Foundation

struct ModelError: Error, CustomStringConvertible {
    let description: String
}

/// Reads the source and writes the rewritten model as it goes: every byte is copied unless it
/// belongs to an integer weight matrix or the recognizer's integer-mode flag.
struct Rewriter {
    let source: [UInt8]
    var position = 0
    var output: [UInt8] = []
    var matrices = 0
    var weights = 0

    init(_ source: [UInt8]) { self.source = source }

    mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, position + count <= source.count else {
            throw ModelError(description: "model ends early at byte \(position) (wanted \(count) more)")
        }
        defer { position += count }
        return source[position..<position + count]
    }

    mutating func copy(_ count: Int) throws -> ArraySlice<UInt8> {
        let bytes = try take(count)
        output.append(contentsOf: bytes)
        return bytes
    }

    static func int32(_ bytes: ArraySlice<UInt8>) -> Int32 {
        bytes.reversed().reduce(0) { $0 << 8 | Int32($1) }
    }

    mutating func copyInt32() throws -> Int32 { Self.int32(try copy(4)) }
    mutating func copyInt8() throws -> Int8 { Int8(bitPattern: try copy(1).first ?? 0) }
    mutating func copyString() throws -> String {
        let length = Int(UInt32(bitPattern: try copyInt32()))
        return String(decoding: try copy(length), as: UTF8.self)
    }

    mutating func write(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) } }
    mutating func write(_ value: Double) { withUnsafeBytes(of: value.bitPattern.littleEndian) { output.append(contentsOf: $0) } }

    /// A matrix's rows and columns (two u32), which Tesseract caps at 65,535 each.
    static func dimensions(_ bytes: ArraySlice<UInt8>, at position: Int) throws -> (rows: Int, columns: Int) {
        let rows = Int(UInt32(bitPattern: int32(bytes.prefix(4)))), columns = Int(UInt32(bitPattern: int32(bytes.suffix(4))))
        guard rows <= 65_535, columns <= 65_535 else { throw ModelError(description: "a \(rows)×\(columns) weight matrix (byte \(position))") }
        return (rows, columns)
    }

    /// WeightMatrix: a mode byte (1 = int8, 4 = Adam, 128 = doubles format), then either int8
    /// values with one scale per row, or doubles. Returns the matrix's rows (the layer's outputs).
    mutating func weightMatrix() throws -> Int {
        let mode = try take(1).first ?? 0
        guard mode & 128 != 0 else { throw ModelError(description: "weight matrix in the pre-4.0 format (byte \(position))") }
        output.append(mode & ~1)
        guard mode & 1 != 0 else {
            let (rows, columns) = try Self.dimensions(try copy(8), at: position)
            _ = try copy(8 + rows * columns * 8)
            return rows
        }
        let (rows, columns) = try Self.dimensions(try take(8), at: position)
        _ = try take(1) // the int8 array's "empty" value
        let values = try take(rows * columns)
        let scaleCount = Int(UInt32(bitPattern: Self.int32(try take(4))))
        // Tesseract pads the scales to whole SIMD registers when it writes an integer model itself
        // (`--convert_to_int` on a machine with AVX): the first `rows` are the rows'.
        guard scaleCount >= rows else { throw ModelError(description: "\(scaleCount) scales for \(rows) rows (byte \(position))") }
        var scales: [Double] = []
        for _ in 0..<scaleCount {
            let bits = try take(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            scales.append(Double(bitPattern: bits))
        }
        write(UInt32(rows))
        write(UInt32(columns))
        write(0.0)
        for (index, byte) in values.enumerated() {
            write(Double(Int8(bitPattern: byte)) * scales[index / columns])
        }
        matrices += 1
        weights += rows * columns
        return rows
    }

    /// One layer: the common header, then what its type adds (Network::CreateFromFile).
    mutating func network() throws {
        let tag = try copyInt8()
        guard tag == 0 else { throw ModelError(description: "layer type given by number \(tag), not by name (byte \(position))") }
        let type = try copyString()
        // A layer saved while training carries its updates (and Adam's sums) after the weights,
        // which this walk does not read: only recognition models (traineddata components) are taken.
        guard try copyInt8() != 1 else { throw ModelError(description: "a layer saved while training (a checkpoint, not a model)") }
        _ = try copyInt8() // needs backprop
        let flags = try copyInt32()
        let inputs = try copyInt32()
        let outputs = try copyInt32()
        _ = try copyInt32() // weight count
        _ = try copyString() // layer name
        switch type {
        case "Series", "Parallel", "Replicated", "ParBidiLSTM", "DepParUDLSTM", "Par2dLSTM",
             "RTLReversed", "TTBReversed", "XYTranspose":
            let count = UInt32(bitPattern: try copyInt32())
            for _ in 0..<count { try network() }
            if flags & 64 != 0 { // layer-specific learning rates: a vector of floats
                let rates = Int(UInt32(bitPattern: try copyInt32()))
                _ = try copy(4 * rates)
            }
        case "LSTM", "SummLSTM", "LSTMSoftmax", "LSTMBinarySoftmax":
            let na = Int(try copyInt32())
            let softmaxOutputs: Int
            switch type {
            case "LSTMSoftmax": softmaxOutputs = Int(outputs)
            case "LSTMBinarySoftmax": softmaxOutputs = Int(ceil(log2(Double(outputs))))
            default: softmaxOutputs = 0
            }
            var cellOutputs = 0
            for gate in 0..<5 { // CI, GI, GF1, GO, GFS (the last only in 2-D LSTMs)
                if gate == 4, na - softmaxOutputs != Int(inputs) + 2 * cellOutputs { continue }
                let rows = try weightMatrix()
                if gate == 0 { cellOutputs = rows }
            }
            if type == "LSTMSoftmax" || type == "LSTMBinarySoftmax" { try network() }
        case "Convolve", "Maxpool", "Reconfig":
            _ = try copy(8)
        case "Input":
            _ = try copy(20) // StaticShape: batch, height, width, depth, loss type
        case "Logistic", "LinLogistic", "LinTanh", "Tanh", "Relu", "Linear", "Softmax", "SoftmaxNoCTC":
            _ = try weightMatrix()
        default:
            throw ModelError(description: "unknown layer type \(type)")
        }
    }

    /// LSTMRecognizer: the network, its spec string, then the training flags (value 1, TF_INT_MODE:
    /// integer mode). A recognizer stores its unicharset between the network and the spec when the
    /// traineddata has no lstm-unicharset and lstm-recoder components; Debian's models have both, and
    /// such a model would fail here as "ends early" or an unknown layer.
    mutating func recognizer() throws {
        try network()
        _ = try copyString()
        write(UInt32(bitPattern: Self.int32(try take(4)) & ~1))
        output.append(contentsOf: source[position...])
        position = source.count
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: swift dequantize-lstm.swift IN.lstm OUT.lstm\n".utf8))
    exit(64)
}
do {
    guard let data = FileManager.default.contents(atPath: arguments[1]) else {
        throw ModelError(description: "\(arguments[1]): cannot be read")
    }
    var rewriter = Rewriter([UInt8](data))
    try rewriter.recognizer()
    guard FileManager.default.createFile(atPath: arguments[2], contents: Data(rewriter.output)) else {
        throw ModelError(description: "\(arguments[2]): cannot be written")
    }
    print("\(arguments[2]): \(rewriter.matrices) weight matrices, \(rewriter.weights) weights as doubles")
} catch {
    FileHandle.standardError.write(Data("\(arguments[1]): \(error)\n".utf8))
    exit(1)
}
