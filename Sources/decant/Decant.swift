import ArgumentParser
import Jobs

@available(macOS 10.15, *)
struct Decant: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decant",
        abstract: "Turn photographed wine lists and receipts into matched, measured data.",
        discussion: """
        Exit status: 0 all good; 2 finished but some images failed (see pages.json); 3 accuracy \
        regression against a baseline; 64 usage error; 69 missing dependency (e.g. Tesseract \
        language data); 73 output not writable; 75 output locked by another run; 1 internal error.
        """,
        version: DecantVersion.string,
        subcommands: [RunCommand.self, MatchCommand.self, CatalogueCommand.self, BenchCommand.self],
        defaultSubcommand: nil)
}
