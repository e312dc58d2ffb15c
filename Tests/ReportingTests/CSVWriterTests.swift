import Testing
@testable import Reporting

@Suite struct CSVWriterTests {
    @Test func quotesOnlyWhenNeededAndUsesCRLF() {
        var csv = CSVWriter(header: ["a", "b"])
        csv.append(["plain", "with, comma"])
        csv.append(["say \"hi\"", "two\nlines"])
        #expect(csv.text == "a,b\r\nplain,\"with, comma\"\r\n\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
    }

    @Test func parseRoundTripsAwkwardFields() {
        let rows = [["job", "raw_text"], ["bistro", "Ch. Margaux, \"Grand Vin\"\n2015"], ["", "Côte-Rôtie ’15"]]
        var csv = CSVWriter(header: rows[0])
        for row in rows.dropFirst() { csv.append(row) }
        #expect(CSVWriter.parse(csv.text) == rows)
    }
}
