import ArgumentParser
import Jobs

/// Benchmarks, accuracy yardsticks and tuning runs: each prints the table an issue asks for, so
/// figures in BENCHMARKS.md always come from a command in the repository. Kept apart from the
/// `decant` a user installs, as swift-argument-parser keeps its `generate-manual` tool apart from
/// its library. One subcommand per topic, each in its own file.
struct DecantBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decant-bench",
        abstract: "Measure Decant's speed and accuracy against yardsticks (prints tables for BENCHMARKS.md), and run it with tuning settings.",
        version: DecantVersion.string,
        subcommands: [BenchEvalCommand.self, BenchMatchingCommand.self, BenchRoundTripCommand.self,
                      BenchInv3DCommand.self, BenchSROIETextCommand.self, BenchSROIECommand.self, BenchEntriesCommand.self,
                      BenchFlatteningCommand.self, BenchWineListsCommand.self, BenchInsightsCommand.self, BenchPDFSpeedCommand.self, BenchLoadCommand.self, BenchDigestCommand.self,
                      BenchPDFProbeCommand.self, BenchPhoneDepthCommand.self,
                      BenchEnginesCommand.self, BenchSampleCommand.self, TunedRunCommand.self])
}
