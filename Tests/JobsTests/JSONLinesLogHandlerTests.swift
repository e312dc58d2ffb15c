import Foundation
import Logging
import Synchronization
import Testing
@testable import Jobs

/// `--log-format json` lines: one object per event, the message as "event", keys in order.
@Suite struct JSONLinesLogHandlerTests {
    /// What a logger wrote, line by line.
    final class Capture: Sendable {
        private let written = Mutex([String]())
        var lines: [String] { written.withLock { $0 } }
        func write(_ data: Data) { written.withLock { $0.append(String(decoding: data, as: UTF8.self)) } }
    }

    @Test func anEventIsOneSortedObjectOnOneLine() {
        let capture = Capture()
        let log = JSONLinesLogHandler.logger(write: capture.write)
        log.info("image", metadata: ["status": "ok", "job": "bistro/cave", "entries": "12"])
        #expect(capture.lines == ["{\"entries\":\"12\",\"event\":\"image\",\"job\":\"bistro/cave\",\"status\":\"ok\"}\n"])
    }

    @Test func numbersStayNumbersAndTextIsEscaped() {
        let capture = Capture()
        let log = JSONLinesLogHandler.logger(write: capture.write)
        log.error("run", metadata: ["images": .stringConvertible(3), "share": .stringConvertible(0.5),
                                    "note": "two\nlines \"quoted\""])
        #expect(capture.lines == ["{\"event\":\"run\",\"images\":3,\"note\":\"two\\nlines \\\"quoted\\\"\",\"share\":0.5}\n"])
    }

    @Test func aLoggersOwnMetadataIsInEveryLine() {
        let capture = Capture()
        var log = JSONLinesLogHandler.logger(write: capture.write)
        log[metadataKey: "run"] = "nightly"
        log.info("image")
        log.info("image", metadata: ["run": "override"])
        #expect(capture.lines == ["{\"event\":\"image\",\"run\":\"nightly\"}\n", "{\"event\":\"image\",\"run\":\"override\"}\n"])
    }

    @Test func eventsBelowTheLevelAreNotWritten() {
        let capture = Capture()
        let log = JSONLinesLogHandler.logger(write: capture.write)
        log.debug("detail")
        #expect(capture.lines.isEmpty)
    }
}
