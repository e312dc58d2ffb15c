extension Matcher {
    /// The best candidate for `text` and the evidence the calibration scores it by; nil when no row is
    /// a candidate. The calibration is fitted on these (decant-bench fit-calibration), so the fit sees
    /// exactly what a run's matching sees.
    public func bestEvidence(_ text: String, scratch: MatchScratch) -> (row: Int, features: [Double])? {
        let (_, features, scored) = evaluate(MatchQuery(text), scratch: scratch)
        guard let features, let top = scored.first else { return nil }
        return (top.row, features.vector)
    }
}

extension Catalogue {
    /// Whether rows `a` and `b` hold the same wine in any vintage (one producer and cuvée): what a
    /// vintage variant shares with the row asked for.
    public func sameLabel(_ a: Int, _ b: Int) -> Bool { rowLabel[a] == rowLabel[b] }
}
