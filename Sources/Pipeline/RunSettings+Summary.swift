extension RunSettings {
    /// The settings a run reports (summary.json, the review page, the history): every choice at
    /// most two levels deep (`read.engine`, `entries.runYear`, …) and every deeper setting that
    /// differs from the measured defaults (`flatten.receipts.rectifier.toneCurve` only once a tuning
    /// run changed it), all read off the one settings tree. Unset choices are left out.
    public var summary: [String: String] {
        guard let mine = try? SettingsTree(self).leaves else { return [:] }
        let shipped = (try? SettingsTree(RunSettings()).leaves) ?? [:]
        var summary: [String: String] = [:]
        for (path, value) in mine {
            let depth = path.split(separator: ".").count
            guard depth <= 2 || shipped[path] != value, let text = value.text else { continue }
            summary[path] = text
        }
        return summary
    }
}
