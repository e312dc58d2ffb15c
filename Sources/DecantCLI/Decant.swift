import ArgumentParser
import Jobs

/// The commands a user installs; measuring and tuning tools live in `decant-bench` (Tools/).
public struct Decant: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "decant",
        abstract: "Turn photographed wine lists and receipts into matched, measured data.",
        discussion: """
        Exit status: 0 all good; 2 finished but some images failed (see pages.json); 3 accuracy \
        regression against a baseline; 4 reports written but the run history not recorded, or \
        for `history` not read (corrupt, locked or unwritable database); 64 usage error; 69 \
        missing dependency (e.g. Tesseract language data); 73 output not writable; 75 output \
        locked by another run; 1 internal error.
        """,
        version: DecantVersion.string,
        subcommands: [RunCommand.self, SynthCommand.self, MatchCommand.self, CatalogueCommand.self, EvalCommand.self,
                      HistoryCommand.self, MergeCommand.self, InspectCommand.self],
        defaultSubcommand: nil)
}
