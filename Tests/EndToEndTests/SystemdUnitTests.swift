import DecantTestSupport
import Foundation
import Testing

/// docs/deploy/decant-nightly.service and .timer: `systemd-analyze verify` accepts them without a
/// warning (their ExecStart pointed at the built decant, since verify wants the binary to exist),
/// and they say what the README says: JSON lines to the journal, exit status 2 a finished night.
@Suite struct SystemdUnitTests {
    static let folder = Repository.root + "/docs/deploy"
    static let units = ["decant-nightly.service", "decant-nightly.timer"]
    static let analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }

    let scratch = TemporaryFolder("decant-systemd")

    /// The units' keys by section: "Service" → "Nice" → ["10"].
    static func settings(of unit: String) throws -> [String: [String: [String]]] {
        let text = try String(contentsOfFile: "\(folder)/\(unit)", encoding: .utf8)
        var section = "", settings: [String: [String: [String]]] = [:]
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") { section = String(line.dropFirst().dropLast()); continue }
            guard let equals = line.firstIndex(of: "=") else { continue }
            settings[section, default: [:]][String(line[..<equals]), default: []].append(String(line[line.index(after: equals)...]))
        }
        return settings
    }

    /// Copies the units into the scratch folder with ExecStart's binary replaced by the built one
    /// (and `edit` applied), runs `systemd-analyze verify` on them; its status and what it printed.
    func verify(edit: (String) -> String = { $0 }) throws -> (status: Int32, output: String) {
        let analyze = try #require(Self.analyze)
        var paths: [String] = []
        for unit in Self.units {
            let text = try String(contentsOfFile: "\(Self.folder)/\(unit)", encoding: .utf8)
                .replacingOccurrences(of: "ExecStart=/usr/local/bin/decant ", with: "ExecStart=\(DecantProcess.binary) ")
            let path = scratch.file(unit)
            try edit(text).write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: analyze)
        process.arguments = ["verify", "--man=no"] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(.enabled(if: analyze != nil, "needs systemd-analyze (Debian's systemd package)"))
    func systemdAnalyzeVerifyAcceptsTheUnitsWithoutAWarning() throws {
        let (status, output) = try verify()
        #expect(status == 0)
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "systemd-analyze verify: \(output)")
    }

    /// verify reports a misspelt key or a bad value as a warning and still exits 0: the test above
    /// relies on its output being empty, which this shows it is not when something is wrong.
    @Test(.enabled(if: analyze != nil, "needs systemd-analyze (Debian's systemd package)"))
    func systemdAnalyzeVerifyReportsAMistake() throws {
        let (_, output) = try verify { $0.replacingOccurrences(of: "\nNice=", with: "\nNicee=") }
        #expect(output.contains("Nicee"), "systemd-analyze verify: \(output)")
    }

    @Test func theServiceRunsTheNightAsTheREADMESays() throws {
        let service = try Self.settings(of: "decant-nightly.service")["Service"] ?? [:]
        let command = try #require(service["ExecStart"]?.first).split(separator: " ").map(String.init)
        #expect(command.prefix(2) == ["/usr/local/bin/decant", "run"])
        #expect(value(of: "--log-format", in: command) == "json")
        #expect(value(of: "--out", in: command) != nil)
        #expect(service["Type"] == ["oneshot"])
        #expect(service["StandardOutput"] == ["journal"])
        #expect(service["Environment"]?.contains("OMP_THREAD_LIMIT=1") == true)
        // A lower priority than the day's work, on CPU and disk.
        let nice = try #require(service["Nice"]?.first.flatMap(Int.init))
        #expect(nice > 0)
        #expect(service["IOSchedulingClass"] != nil)
        // 2 is the one non-zero status the README calls a finished run with its reports written.
        #expect(service["SuccessExitStatus"] == ["2"])
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        #expect(readme.contains("| 2 | the run finished but some images failed"))
        // The inbox is read only, the reports folder writable.
        let inbox = try #require(command.dropFirst(2).first)
        #expect(service["ReadOnlyPaths"]?.contains(inbox) == true)
        #expect(service["ReadWritePaths"]?.contains(value(of: "--out", in: command) ?? "") == true)
    }

    @Test func theTimerStartsTheServiceNightly() throws {
        let timer = try Self.settings(of: "decant-nightly.timer")
        #expect(timer["Timer"]?["Unit"] == ["decant-nightly.service"])
        #expect(timer["Timer"]?["OnCalendar"]?.isEmpty == false)
        #expect(timer["Install"]?["WantedBy"] == ["timers.target"])
    }
}
