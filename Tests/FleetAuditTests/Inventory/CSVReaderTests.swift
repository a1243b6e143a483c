import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

final class CSVReaderTests: XCTestCase {
    private func events(
        _ text: String, delimiter: Character = ",", chunkSize: Int = 1 << 20,
        maxRecordBytes: Int = 64 << 20
    ) throws -> [String] {
        let dir = TestPaths.temporaryDirectory()
        let path = TestPaths.write(text, named: "in.csv", in: dir)
        let fromFile = try events(
            try CSVReader(
                path: path, delimiter: delimiter.asciiValue!, chunkSize: chunkSize,
                maxRecordBytes: maxRecordBytes))
        let fromMemory = try events(
            CSVReader(
                bytes: Array(text.utf8), delimiter: delimiter.asciiValue!, chunkSize: chunkSize,
                maxRecordBytes: maxRecordBytes))
        XCTAssertEqual(fromMemory, fromFile, "reading from memory (the fuzzer's way) reads the same")
        return fromFile
    }

    private func events(_ reader: CSVReader) throws -> [String] {
        var out: [String] = []
        while let event = try reader.next() {
            switch event {
            case .record(let line, let fields): out.append("\(line):" + fields.strings().joined(separator: "|"))
            case .malformed(let line, let reason, _): out.append("\(line):!\(reason.rawValue)")
            }
        }
        return out
    }

    func testQuotesEscapesAndLineEnds() throws {
        let text = "a,b\r\n\"x,1\",\"say \"\"hi\"\"\"\r\nplain,\"multi\nline\"\nlast,row"
        XCTAssertEqual(try events(text), ["1:a|b", "2:x,1|say \"hi\"", "3:plain|multi\nline", "5:last|row"])
    }

    func testARecordOverTheLimitIsRejectedAndReadingResumesOnItsNextLine() throws {
        // An unclosed quote would otherwise pull everything after it into one record.
        let text = "a,b\n1,\"never closed\n" + String(repeating: "2,x\n", count: 400) + "3,y\n"
        let out = try events(text, chunkSize: 64, maxRecordBytes: 256)
        XCTAssertEqual(out.first, "1:a|b")
        XCTAssertEqual(out[1], "2:!unterminated-quote")
        XCTAssertEqual(out[2], "3:2|x", "reading resumes on the line after the bad record's first line")
        XCTAssertEqual(out.last, "403:3|y")
        XCTAssertEqual(out.count, 403)
        // The default limit (64 MB) leaves such a file to the end-of-file rule: one rejected record.
        XCTAssertEqual(
            try events(text), ["1:a|b", "2:!unterminated-quote", "3:2|x"] + (4...402).map { "\($0):2|x" } + ["403:3|y"])
    }

    func testALineLongerThanTheLimitIsSkippedToItsEnd() throws {
        let text = "a,b\n" + String(repeating: "x", count: 1_000) + ",y\n3,z\n"
        XCTAssertEqual(
            try events(text, chunkSize: 64, maxRecordBytes: 256), ["1:a|b", "2:!unterminated-quote", "3:3|z"])
    }

    func testSameResultWhateverTheChunkSize() throws {
        let text = "h1,h2\n" + (1...200).map { "\"v\($0),\"\"q\"\"\",\($0)\r\n" }.joined()
        let big = try events(text)
        for size in [64, 67, 100, 1000] {
            XCTAssertEqual(try events(text, chunkSize: size), big, "chunk size \(size)")
        }
        XCTAssertEqual(big.count, 201)
        XCTAssertEqual(big[5], "6:v5,\"q\"|5")
    }

    func testByteOrderMarkBlankLinesAndOtherDelimiters() throws {
        XCTAssertEqual(try events("\u{FEFF}a;b\n\n1;\"2;3\"\n", delimiter: ";"), ["1:a|b", "3:1|2;3"])
        XCTAssertEqual(try events("a\tb\n1\t2", delimiter: "\t"), ["1:a|b", "2:1|2"])
        XCTAssertEqual(try events("a,b\n,\n"), ["1:a|b", "2:|"])
    }

    func testMalformedQuoteIsOneRejectedLine() throws {
        XCTAssertEqual(try events("a,b\n\"x\"y,1\nok,2\n"), ["1:a|b", "2:!malformed-quote", "3:ok|2"])
    }

    func testUnterminatedQuoteRejectsItsLineAndReadingResumes() throws {
        let text = "a,b\n1,\"open\n2,fine\n3,fine\n"
        XCTAssertEqual(try events(text), ["1:a|b", "2:!unterminated-quote", "3:2|fine", "4:3|fine"])
        XCTAssertEqual(try events(text, chunkSize: 64), ["1:a|b", "2:!unterminated-quote", "3:2|fine", "4:3|fine"])
    }

    func testQuotedFieldsReadInPlaceAndTheirNearMisses() throws {
        let cases: [(String, [String])] = [
            ("\"a,b\",c\n", ["1:a,b|c"]),
            ("\"\",x\n", ["1:|x"]),
            ("x,\"\"\n", ["1:x|"]),
            (",\"q\",\n", ["1:|q|"]),
            ("\"a\"\r\nz\n", ["1:a", "2:z"]),
            ("\"a\"\"b\",c\n", ["1:a\"b|c"]),  // an escaped quote: the general path
            ("\"a\"b,c\nz\n", ["1:!malformed-quote", "2:z"]),
            ("\"a\" ,c\nz\n", ["1:!malformed-quote", "2:z"]),
            ("ab\"c,d\n", ["1:ab\"c|d"]),  // a quote inside an unquoted field is data
            ("\"multi\nline\",z\ny\n", ["1:multi\nline|z", "3:y"]),
            ("\"end\"", ["1:end"]),  // the last line, without a line feed
            ("\"x\"\r", ["1:x"]),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try events(text), expected, text.debugDescription)
        }
    }

    /// Random lines made of the bytes that matter (delimiters, quotes, CR, LF) read the same whether lines are
    /// split in place or all go through the general path.
    func testInPlaceAndGeneralPathsReadRandomLinesTheSame() throws {
        var rng = SeededGenerator(seed: 7)
        let alphabet: [UInt8] = Array("ab,,\"\"\r\n\n ".utf8)
        for round in 0..<300 {
            let bytes = (0..<(20 + Int(rng.next() % 200))).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))]
            }
            for chunk in [64, 1 << 20] {
                let inPlace = CSVReader(bytes: bytes, chunkSize: chunk)
                let general = CSVReader(bytes: bytes, chunkSize: chunk)
                general.readsInPlace = false
                XCTAssertEqual(
                    try events(inPlace), try events(general),
                    "round \(round), chunk \(chunk): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
    }

    /// Random rows shaped like inventories (short and long lines, quoted fields holding delimiters, the odd `""`,
    /// quote inside an unquoted field or malformed quote, CR LF ends, several delimiters) read the same whether
    /// split in place or all by the general path.
    func testInPlaceAndGeneralPathsReadRandomRowsTheSame() throws {
        var rng = SeededGenerator(seed: 11)
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        func word(_ delimiter: Character) -> String {
            String((0..<pick(14)).map { _ in Array("abcXYZ09 .-\(delimiter)")[pick(12)] })
        }
        for round in 0..<400 {
            let delimiter: Character = [",", ";", "\t", "|"][pick(4)]
            var text = ""
            for _ in 0..<(1 + pick(12)) {
                let fields = (0..<(1 + pick(24))).map { _ -> String in
                    switch pick(20) {
                    case 0: return ""
                    case 1: return "\"" + word(delimiter) + "\"\"" + word(delimiter) + "\""  // an escaped quote
                    case 2: return word(delimiter).replacingOccurrences(of: "\(delimiter)", with: "") + "\"x"  // data
                    case 3: return "\"" + word(delimiter) + "\"y"  // malformed
                    case 4...9: return "\"" + word(delimiter) + "\""
                    default: return word(delimiter).replacingOccurrences(of: "\(delimiter)", with: "")
                    }
                }
                text += fields.joined(separator: String(delimiter)) + (pick(4) == 0 ? "\r\n" : "\n")
            }
            if pick(3) == 0 { text.removeLast() }  // the last line without its line feed (or its CR left alone)
            let bytes = Array(text.utf8)
            for chunk in [64, 1 << 20] {
                let inPlace = CSVReader(bytes: bytes, delimiter: delimiter.asciiValue!, chunkSize: chunk)
                let general = CSVReader(bytes: bytes, delimiter: delimiter.asciiValue!, chunkSize: chunk)
                general.readsInPlace = false
                XCTAssertEqual(
                    try events(inPlace), try events(general), "round \(round), chunk \(chunk): \(text.debugDescription)"
                )
            }
        }
    }

    /// Inventory-shaped lines (quoted models holding the delimiter, CR LF ends, lines longer than one scan block,
    /// a field straddling two blocks, the last line without a line feed) are split in place, not silently handed
    /// to the general path: each record's fields are views into the reader's buffer.
    func testInventoryLinesAreSplitInPlace() throws {
        let lines = [
            "ios,12.5,6.49,9970,com.example.app,\"iPhone10,1\",R-024,l00-XX,false,3581437a489229e0\r\n",
            "android,5.0,6.49,997,com.example.app,Model-0003,R-002,l00-XX,false,521b55ada989d8e5\n",
            String(repeating: "x", count: 30) + ",\"" + String(repeating: "y,", count: 20) + "\"," + "z\n",
            "\"last\",line",
        ]
        let reader = CSVReader(bytes: Array(lines.joined().utf8))
        var read = 0
        while case .record(_, let fields)? = try reader.next() {
            XCTAssertNotNil(fields.views, "line \(read + 1) split in place")
            read += 1
        }
        XCTAssertEqual(read, lines.count)
    }

    /// A line with more fields than the reader has slots for goes to the general path (which makes room), and
    /// reads as that path reads it; the lines after it are split in place again.
    func testALineWiderThanTheFieldSlotsReadsTheSame() throws {
        let wide = (0..<200).map { $0 % 7 == 0 ? "\"q,\($0)\"" : "f\($0)" }.joined(separator: ",")
        let text = "a,b\n" + wide + "\nc,d\n" + wide + "\r\n\"e\",f\n"
        for chunk in [64, 1 << 20] {
            let inPlace = CSVReader(bytes: Array(text.utf8), chunkSize: chunk)
            let general = CSVReader(bytes: Array(text.utf8), chunkSize: chunk)
            general.readsInPlace = false
            XCTAssertEqual(try events(inPlace), try events(general), "chunk \(chunk)")
        }
        let reader = CSVReader(bytes: Array(text.utf8))
        var widths: [Int] = []
        while case .record(_, let fields)? = try reader.next() { widths.append(fields.count) }
        XCTAssertEqual(widths, [2, 200, 2, 200, 2])
    }

    func testMissingFileAndDirectoryAreClearErrors() {
        XCTAssertThrowsError(try CSVReader(path: "/no/such/file.csv")) { error in
            XCTAssertEqual(error as? InventoryError, .fileNotFound("/no/such/file.csv"))
        }
        XCTAssertThrowsError(try CSVReader(path: NSTemporaryDirectory()))
    }
}
