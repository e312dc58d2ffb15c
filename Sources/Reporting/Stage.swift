/// The stages of a page as pages.json names them, in `timingsMS` and in `error.stage`, so a time and
/// a failure of one stage carry one name. `worker` and `merge` are where a page can fail outside
/// its own stages (its worker process died or timed out; its shard never finished).
public enum Stage: String, Sendable, Equatable, Codable, CaseIterable {
    case load, flatten, ocr, entries, match, preview
    case worker, merge
}
