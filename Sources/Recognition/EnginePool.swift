/// A worker's Tesseract engines, one per language set it has needed: the run's own engine, kept for
/// the worker's life, and up to `capacity` others (eng+deu, eng+fra …) kept while they are used, the
/// least recently used one freed when another is needed. Loading a model costs more than reading a
/// page, so a worker whose pages are all German keeps its German engine; a bound on how many it
/// keeps bounds its memory (docs/languages.md has the figures). Not Sendable, like its engines.
public final class EnginePool {
    /// The engine the worker was started with (the run's languages).
    public let base: TesseractEngine
    /// Most engines kept besides `base`.
    public let capacity: Int
    /// Most recently used last.
    private var others: [TesseractEngine] = []

    public init(base: TesseractEngine, capacity: Int = 2) {
        self.base = base
        self.capacity = max(1, capacity)
    }

    /// The language sets of the engines kept besides `base`, least recently used first.
    public var loaded: [String] { others.map(\.configuration.languages) }

    /// An engine reading `languages` ("eng+deu") with the base engine's other settings: `base`
    /// itself when it reads those, a kept one, or a new one (freeing the least recently used).
    /// A missing model is an error naming the package that provides it.
    public func engine(for languages: String) throws(RecognitionError) -> TesseractEngine {
        if languages == base.configuration.languages { return base }
        if let index = others.firstIndex(where: { $0.configuration.languages == languages }) {
            let engine = others.remove(at: index)
            others.append(engine)
            return engine
        }
        var configuration = base.configuration
        configuration.languages = languages
        // Freed before the new one loads, so two models never overlap beyond the bound.
        if others.count >= capacity { others.removeFirst() }
        let engine = try TesseractEngine(configuration: configuration)
        others.append(engine)
        return engine
    }
}
