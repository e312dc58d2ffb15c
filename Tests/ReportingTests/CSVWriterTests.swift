import DecantTestSupport
import Foundation
import Testing
@testable import Reporting

@Suite struct CSVWriterTests {
    @Test func quotesOnlyWhenNeededAndUsesCRLF() throws {
        var csv = CSVWriter(header: ["a", "b"])
        csv.append(["plain", "with, comma"])
        csv.append(["say \"hi\"", "two\nlines"])
        #expect(try csv.text == "a,b\r\nplain,\"with, comma\"\r\n\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
    }

    @Test func aFieldHoldingACarriageReturnIsQuoted() throws {
        var csv = CSVWriter(header: ["note"])
        csv.append(["first\r\nsecond"])
        csv.append(["lone\rreturn"])
        #expect(try csv.text == "note\r\n\"first\r\nsecond\"\r\n\"lone\rreturn\"\r\n")
    }

    @Test func aHeaderAloneIsOneLine() throws {
        #expect(try CSVWriter(header: ["job", "wine"]).text == "job,wine\r\n")
    }

    @Test func textIsUTF8WithoutAByteOrderMark() throws {
        var csv = CSVWriter(header: ["wine"])
        csv.append(["Côte-Rôtie ’15"])
        #expect(Array(try csv.text.utf8) == Array("wine\r\nCôte-Rôtie ’15\r\n".utf8))
    }

    @Test func parseRoundTripsAwkwardFields() throws {
        let rows = [["job", "raw_text"], ["bistro", "Ch. Margaux, \"Grand Vin\"\n2015"], ["", "Côte-Rôtie ’15"]]
        var csv = CSVWriter(header: rows[0])
        for row in rows.dropFirst() { csv.append(row) }
        #expect(try CSVRows.parse(try csv.text) == rows)
    }

    @Test func writesTheFileWhole() throws {
        let folder = TemporaryFolder("decant-csv")
        var csv = CSVWriter(header: ["a"])
        csv.append(["1"])
        try csv.write(to: folder.file("out/a.csv"))
        #expect(try String(contentsOfFile: folder.file("out/a.csv"), encoding: .utf8) == "a\r\n1\r\n")
    }
}
