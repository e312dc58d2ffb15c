/// One character of a CTC reading: the run of time steps the network spent on it and its
/// probability (at the run's first step, as PaddleOCR scores it).
public struct CTCCharacter: Sendable, Equatable {
    public var text: String
    public var firstStep: Int
    public var lastStep: Int
    public var probability: Double

    public init(text: String, firstStep: Int, lastStep: Int, probability: Double) {
        self.text = text
        self.firstStep = firstStep
        self.lastStep = lastStep
        self.probability = probability
    }

    public var isSpace: Bool { text == " " }
}

/// Greedy CTC decoding: the best class at every time step, repeats merged, blanks dropped.
/// Class 0 is the blank; class k is `alphabet[k - 1]`.
public enum CTCDecoder {
    public static func decode(bestClass: [Int32], probability: [Float], alphabet: [String]) -> [CTCCharacter] {
        precondition(bestClass.count == probability.count)
        var out: [CTCCharacter] = []
        var previous: Int32 = 0
        for (t, k) in bestClass.enumerated() {
            defer { previous = k }
            guard k != 0 else { continue }
            if k == previous, var last = out.popLast() {
                last.lastStep = t
                out.append(last)
                continue
            }
            let index = Int(k) - 1
            let text = index >= 0 && index < alphabet.count ? alphabet[index] : ""
            out.append(CTCCharacter(text: text, firstStep: t, lastStep: t, probability: Double(probability[t])))
        }
        return out
    }
}
