import XCTest
@testable import FleetAudit

final class CSVReaderTests: XCTestCase {
    private func events(_ text: String, delimiter: Character = ",", chunkSize: Int = 1 << 20) throws -> [String] {
        let dir = TestPaths.temporaryDirectory()
        let path = TestPaths.write(text, named: "in.csv", in: dir)
        let reader = try CSVReader(path: path, delimiter: delimiter.asciiValue!, chunkSize: chunkSize)
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

    func testMissingFileAndDirectoryAreClearErrors() {
        XCTAssertThrowsError(try CSVReader(path: "/no/such/file.csv")) { error in
            XCTAssertEqual(error as? InventoryError, .fileNotFound("/no/such/file.csv"))
        }
        XCTAssertThrowsError(try CSVReader(path: NSTemporaryDirectory()))
    }
}
