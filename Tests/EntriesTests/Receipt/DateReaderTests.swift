import Testing
@testable import Entries

@Suite("DateReader")
struct DateReaderTests {
    @Test func patternsCompile() {
        #expect(DateReader.patternsAreValid)
    }

    @Test("day-first numeric dates", arguments: [
        ("25/12/2018", "2018-12-25"), ("5/3/2018", "2018-03-05"), ("18-10-17", "2017-10-18"), ("25.12.2018", "2018-12-25"),
        ("13/03/2018", "2018-03-13"), ("Date: 29-03-2018 20:19:33", "2018-03-29"),
    ])
    func dayFirst(text: String, iso: String) {
        #expect(DateReader.firstDate(in: text, order: .dayFirst, runYear: 2026)?.iso == iso)
    }

    @Test("month-first numeric dates", arguments: [("12/25/18", "2018-12-25"), ("03/04/2018", "2018-03-04"), ("1/2/2019", "2019-01-02")])
    func monthFirst(text: String, iso: String) {
        #expect(DateReader.firstDate(in: text, order: .monthFirst, runYear: 2026)?.iso == iso)
    }

    @Test("written and ISO dates", arguments: [
        ("25 Dec 2018", "2018-12-25"), ("05 MAR 2018 18:24", "2018-03-05"), ("02/JAN/2017", "2017-01-02"),
        ("OCT 3, 2016", "2016-10-03"), ("December 25, 2018", "2018-12-25"), ("2018-12-25", "2018-12-25"),
        ("2016/05/01", "2016-05-01"), ("25-DEC-18", "2018-12-25"), ("9 Mei 2018", "2018-05-09"), ("3 août 2019", "2019-08-03"),
    ])
    func written(text: String, iso: String) {
        // Written months and four-digit-first dates mean one day whatever the order.
        #expect(DateReader.firstDate(in: text, order: .unspecified, runYear: 2026)?.iso == iso)
    }

    @Test func ambiguousDateIsNotGuessed() throws {
        let match = try #require(DateReader.firstDate(in: "DATE 03/04/2018", order: .unspecified, runYear: 2026))
        #expect(match.iso == nil)
        #expect(match.isAmbiguous)
        #expect(Set(match.readings) == ["2018-04-03", "2018-03-04"])
    }

    @Test func unambiguousNumericDateNeedsNoOrder() {
        // 25 cannot be a month, so 25/12/2018 is one day even without a date order.
        #expect(DateReader.firstDate(in: "25/12/2018", order: .unspecified, runYear: 2026)?.iso == "2018-12-25")
        #expect(DateReader.firstDate(in: "12/25/2018", order: .unspecified, runYear: 2026)?.iso == "2018-12-25")
        // Both readings the same day.
        #expect(DateReader.firstDate(in: "04/04/2018", order: .unspecified, runYear: 2026)?.iso == "2018-04-04")
    }

    @Test func impossibleDatesAreRejected() {
        #expect(DateReader.firstDate(in: "31/02/2018", order: .dayFirst, runYear: 2026) == nil)
        #expect(DateReader.firstDate(in: "29/02/2019", order: .dayFirst, runYear: 2026) == nil)
        #expect(DateReader.firstDate(in: "29/02/2020", order: .dayFirst, runYear: 2026)?.iso == "2020-02-29")
        // Amounts and quantities are not dates.
        #expect(DateReader.firstDate(in: "TOTAL 12.50", order: .dayFirst, runYear: 2026) == nil)
        #expect(DateReader.firstDate(in: "2 SET 10", order: .dayFirst, runYear: 2026) == nil)
    }

    /// A day printed with two digits, a month name and a two-digit year is a date even without
    /// punctuation: quantities are not zero-padded.
    @Test func aPaddedDayWithAMonthNameAndAShortYear() {
        #expect(DateReader.firstDate(in: "DATE: 05 MAY 18", order: .unspecified, runYear: 2026)?.iso == "2018-05-05")
        #expect(DateReader.firstDate(in: "28 MAR 18 14:02", order: .unspecified, runYear: 2026)?.iso == "2018-03-28")
        #expect(DateReader.firstDate(in: "12 OCT 21", order: .unspecified, runYear: 2026)?.iso == "2021-10-12")
    }

    @Test func ocrLookAlikesInDates() {
        // "D2/02/17" and "O1/03/18": O and D read for 0 inside a date-shaped token.
        #expect(DateReader.firstDate(in: "Date:D2/02/17 19:44", order: .dayFirst, runYear: 2026)?.iso == "2017-02-02")
        #expect(DateReader.firstDate(in: "O1/03/18", order: .dayFirst, runYear: 2026)?.iso == "2018-03-01")
    }

    @Test func twoDigitYearsPivotOnTheRunYear() {
        #expect(DateReader.firstDate(in: "01/02/27", order: .dayFirst, runYear: 2026)?.iso == "2027-02-01")
        #expect(DateReader.firstDate(in: "01/02/95", order: .dayFirst, runYear: 2026)?.iso == "1995-02-01")
    }

    @Test func dateOrderArguments() {
        #expect(DateOrder(argument: "dmy") == .dayFirst)
        #expect(DateOrder(argument: "DD/MM") == .dayFirst)
        #expect(DateOrder(argument: "mdy") == .monthFirst)
        #expect(DateOrder(argument: "auto") == .unspecified)
        #expect(DateOrder(argument: "ymd") == nil)
    }
}

@Suite("TimeReader")
struct TimeReaderTests {
    @Test("times", arguments: [
        ("25/12/2018 8:13:39 PM", "20:13:39"), ("20:19", "20:19"), ("03:09:12 pm", "15:09:12"), ("12:05 AM", "00:05"),
        ("7.31 PM", "19:31"), ("Time: 12:49:00", "12:49:00"),
        // A label's colon with no space after it, as tills print it and recognizers read it.
        ("Time:13:52", "13:52"), ("TIME:08:05:59", "08:05:59"),
    ])
    func reads(text: String, time: String) {
        #expect(TimeReader.firstTime(in: text) == time)
    }

    @Test func amountsAreNotTimes() {
        #expect(TimeReader.firstTime(in: "TOTAL 12.50") == nil)
        #expect(TimeReader.firstTime(in: "25:70") == nil)
        #expect(TimeReader.firstTime(in: "13:30 PM") == nil)
        // The middle of a longer run of digits and colons is no time of its own.
        #expect(TimeReader.firstTime(in: "ID 1234:56:78") == nil)
    }
}

@Suite("DateReader: a month misread by one letter")
struct DateReaderMisreadMonthTests {
    @Test func oneLetterOffBetweenDatePunctuationIsTheMonth() {
        #expect(DateReader.firstDate(in: "CB#: 450768 25/Fen/2017 07:43", runYear: 2026)?.iso == "2017-02-25")
        #expect(DateReader.firstDate(in: "03-Oce-2018", runYear: 2026)?.iso == "2018-10-03")
        #expect(DateReader.misreadMonth("Fen") == 2)
    }

    @Test func withoutPunctuationOrWithTwoNearMonthsItIsNoDate() {
        // "2 SET 10" and "12 Fen 2017" may be anything; "Mar"/"May" are both one letter from "Maj".
        #expect(DateReader.firstDate(in: "12 Fen 2017", runYear: 2026) == nil)
        #expect(DateReader.misreadMonth("Maj") == nil)
        #expect(DateReader.misreadMonth("Febr") == nil)
    }
}
