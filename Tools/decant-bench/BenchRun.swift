import ArgumentParser
import DecantCLI
import Foundation
import Jobs
import Pipeline

/// `decant run` inside a bench command: each page's problem printed as decant prints it, and a run
/// that could not be made ends the bench with decant's own exit status.
enum BenchRun {
    static func run(_ options: RunOptions) throws {
        do {
            let outcome = try blocking { [options] in try await Runner(options: options).run() }
            for problem in outcome.problems { FileHandle.standardError.write(Data("decant: \(problem)\n".utf8)) }
        } catch let error as RunError {
            FileHandle.standardError.write(Data("decant: \(error.message)\n".utf8))
            throw ExitCode(error.exitCode)
        }
    }
}
