import ArgumentParser

/// Benchmarks and accuracy yardsticks: each prints the table an issue asks for, so figures in
/// BENCHMARKS.md always come from a command in the repo. One subcommand per topic, each in its own file.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure speed and accuracy against yardsticks (prints tables for BENCHMARKS.md).",
        subcommands: [BenchEvalCommand.self, BenchMatchingCommand.self, BenchRoundTripCommand.self,
                      BenchInv3DCommand.self, BenchSROIETextCommand.self, BenchSROIECommand.self, BenchEntriesCommand.self,
                      BenchFlatteningCommand.self])
}
