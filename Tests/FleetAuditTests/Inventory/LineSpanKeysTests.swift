import XCTest

@testable import FleetAuditEngine

/// A CSV line split in place is keyed by its runs of read columns as written (`LineSpanKeys`), not field by
/// field. That is a matter of speed only: on lines written every way a user's export writes them (quoted and not,
/// quotes inside unquoted fields, `""`, line breaks in quotes, CR LF, a last line without a line feed, short
/// rows, unread columns between read ones, four delimiters, buffers cut small), counting with runs must give
/// exactly what counting with field-by-field keys gives — the same profiles in the same order, the same
/// devices, the same rejected lines — with the raw-key table large and full, and the tiers switching.
final class LineSpanKeysTests: XCTestCase {
    private struct Layout {
        let headers: [String]
        let needs: ProfileNeeds
    }

    private let layouts = [
        // Two runs (platform–os_version, app_version–language), a device id between them and a count after; iOS
        // builds read.
        Layout(
            headers: [
                "platform", "os_version", "device_id", "app_version", "app_build", "region", "language", "count",
            ],
            needs: ProfileNeeds(packageName: false, appBuildOffAndroid: true, attributes: ["region", "language"])),
        // One run; iOS builds not read (left out of the field-by-field key, kept in the runs).
        Layout(
            headers: ["platform", "os_version", "app_version", "app_build", "package_name", "model", "device_id"],
            needs: ProfileNeeds(packageName: true, appBuildOffAndroid: false, attributes: ["model"])),
        // Five runs: keys are made field by field (`LineSpanKeys.maximumRuns`).
        Layout(
            headers: ["platform", "a", "os_version", "b", "app_version", "c", "app_build", "d", "region"],
            needs: ProfileNeeds(packageName: false, appBuildOffAndroid: false, attributes: ["region"])),
        // Three runs, an unread column before the first.
        Layout(
            headers: ["x", "platform", "os_version", "y", "app_version", "app_build", "z", "region", "language"],
            needs: ProfileNeeds(packageName: false, appBuildOffAndroid: false, attributes: ["region", "language"])),
    ]

    func testRowsKeyedByTheirLinesRunsCountExactlyAsFieldByFieldKeys() throws {
        var rng = SeededGenerator(seed: 41)
        var keyedByRuns = 0
        var takenStraight = 0
        for round in 0..<24 {
            let layout = layouts[round % layouts.count]
            let delimiter = [",", ";", "\t", "|"][(round / layouts.count) % 4]
            let bytes = inventory(layout.headers, delimiter: delimiter, rows: 3000, rng: &rng)
            for (keyLimit, window) in [(RowCounter.rawKeyLimit, RowCounter.tierWindow), (200, 1 << 9)] {
                let chunk = round % 2 == 0 ? 97 : 1 << 20
                let runs = try count(
                    bytes, layout, delimiter: delimiter, chunk: chunk, window: window, keyLimit: keyLimit)
                let straight = try count(
                    bytes, layout, delimiter: delimiter, chunk: chunk, window: window, keyLimit: keyLimit,
                    linesToKeys: true)
                let fields = try count(
                    bytes, layout, delimiter: delimiter, chunk: chunk, window: window, keyLimit: keyLimit,
                    lineSpans: false)
                let what = "round \(round), delimiter \(delimiter.debugDescription), key limit \(keyLimit)"
                XCTAssertEqual(fields.rowsKeyedByLineRuns, 0, what)
                XCTAssertEqual(runs.rowsTakenStraightToKeys, 0, what)
                if round % layouts.count == 2 {
                    XCTAssertEqual(runs.rowsKeyedByLineRuns, 0, what)
                    XCTAssertEqual(straight.rowsTakenStraightToKeys, 0, what)
                } else if keyLimit == RowCounter.rawKeyLimit {
                    XCTAssertGreaterThan(runs.rowsKeyedByLineRuns, 1000, "most lines split in place: \(what)")
                    if round % layouts.count == 0 {
                        XCTAssertEqual(straight.rowsTakenStraightToKeys, 0, "a count column: \(what)")
                    } else {
                        XCTAssertGreaterThan(
                            straight.rowsTakenStraightToKeys, 1000, "most lines taken straight to keys: \(what)")
                    }
                }
                keyedByRuns += runs.rowsKeyedByLineRuns
                takenStraight += straight.rowsTakenStraightToKeys
                try assertSameCounts(straight, fields, what + ", lines taken straight to keys")
                try assertSameCounts(runs, fields, what)
            }
        }
        XCTAssertGreaterThan(keyedByRuns, 30_000, "rows keyed by their runs")
        XCTAssertGreaterThan(takenStraight, 20_000, "rows taken straight to their keys")
    }

    private func assertSameCounts(_ runs: RowCounter, _ fields: RowCounter, _ what: String) throws {
        let (a, b) = (runs.summary, fields.summary)
        XCTAssertEqual(a.rowsRead, b.rowsRead, what)
        XCTAssertEqual(a.rowsEvaluated, b.rowsEvaluated, what)
        XCTAssertEqual(a.devices, b.devices, what)
        XCTAssertEqual(a.rejections, b.rejections, what)
        XCTAssertGreaterThan(a.rowsRejected, 0, "short rows and unusable counts: \(what)")
        let (x, y) = (runs.table(), fields.table())
        XCTAssertEqual(x.store.ids, y.store.ids, "the same profiles in the same order: \(what)")
        XCTAssertEqual(x.devices, y.devices, what)
        for row in 0..<min(x.store.count, y.store.count) {
            XCTAssertEqual(x.store.platform(row), y.store.platform(row), what)
            XCTAssertEqual(x.store.attributes(row), y.store.attributes(row), what)
            for column in [
                ProfileStore.osVersionColumn, ProfileStore.appVersionColumn, ProfileStore.appBuildColumn,
            ] {
                XCTAssertEqual(x.store.text(row, column), y.store.text(row, column), what)
            }
        }
    }

    /// Rows of `headers` with values written every way (see the class comment); the header line first.
    private func inventory(_ headers: [String], delimiter: String, rows: Int, rng: inout SeededGenerator) -> [UInt8] {
        func pick(_ values: [String]) -> String { values[Int(rng.next() % UInt64(values.count))] }
        func chance(_ n: UInt64) -> Bool { rng.next() % n == 0 }
        func value(_ column: String) -> String {
            switch column {
            case "platform":
                return pick(["android", "iOS", " Android", "ios ", "ANDROID", "web", "", "\u{3000}android"])
            case "os_version": return pick(["13", "17.2", " 14 ", "", "9", "12.0.1"])
            case "app_version": return pick(["6.1", "6.2", "5.0", "x"])
            case "app_build": return pick(["101", "102", "103", "bad", ""])
            case "package_name": return pick(["com.example.app", "com.example.other"])
            case "model": return pick(["iPhone10,2", "SM-G970F", "Pixel \"7\"", "ab", "a\nb"])
            case "region":
                // Any length from 0 to 90 (then the language: keys whose values end on every side of 64 and 128
                // bytes, the masks' words), or longer than the keys read back by masks (`maskedBytes`).
                if chance(3) { return String(repeating: "r", count: Int(rng.next() % 91)) }
                return pick([
                    "GB", "IE", "G\"B", "", " DE", "US;x", "FR|y", "ES\tz", "Zürich,ÿ", "\u{FF2C}",
                    String(repeating: "Ab,", count: 50),
                ])
            case "language":
                if chance(3) { return String(repeating: "l", count: Int(rng.next() % 91)) }
                return pick(["en-GB", "de", "\"q\"", "en,US", "ñ;ü|ë\tö"])
            case "count": return pick(["1", "2", "12.0", "0", "x"])
            default: return String(rng.next() % 50)
            }
        }
        func written(_ text: String) -> String {
            let needsQuotes = text.contains(delimiter) || text.contains("\"") || text.contains("\n")
            // A quote inside an unquoted field is data; a field that starts with one must be quoted.
            if !needsQuotes || (!text.hasPrefix("\"") && !text.contains(delimiter) && !text.contains("\n") && chance(2))
            {
                return chance(4) ? "\"\(text)\"" : text
            }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var text = headers.joined(separator: delimiter) + "\n"
        for i in 0..<rows {
            var fields = headers.map { written(value($0)) }
            if chance(150) { fields.removeLast() }  // a short row
            text += fields.joined(separator: delimiter)
            if i == rows - 1 && chance(2) { break }  // the last line without a line feed
            text += chance(5) ? "\r\n" : "\n"
            if chance(300) { text += "\n" }  // a blank line
        }
        return Array(text.utf8)
    }

    private func count(
        _ bytes: [UInt8], _ layout: Layout, delimiter: String, chunk: Int, window: Int, keyLimit: Int,
        lineSpans: Bool = true, linesToKeys: Bool = false
    ) throws -> RowCounter {
        let reader = CSVReader(bytes: bytes, delimiter: delimiter.utf8.first!, chunkSize: chunk)
        guard case .record = try reader.advance() else {
            XCTFail("no header")
            return RowCounter(plan: try plan(layout), summary: InventorySummary(source: "test", locationKind: "line"))
        }
        XCTAssertEqual(reader.record.strings(), layout.headers)
        let counter = RowCounter(
            plan: try plan(layout), summary: InventorySummary(source: "test", locationKind: "line"), window: window,
            keyLimit: keyLimit, lineSpans: lineSpans, linesToKeys: linesToKeys)
        // The ingest loop's steps (`InventoryLoader.count`): with `linesToKeys`, lines the reader can take
        // straight to their keys come as `.key`.
        while true {
            switch try linesToKeys ? reader.advance(keysFor: counter) : reader.advance() {
            case .key(let line, let length, let delimiter):
                counter.addLineKey(length: length, line: line, delimiter: delimiter)
            case .end:
                counter.flush()
                return counter
            case .record(let line):
                counter.add(reader.record, line: line)
            case .malformed(let line, let reason, let message):
                counter.reject(Rejection(line: line, column: nil, reason: reason, message: message))
            }
        }
    }

    private func plan(_ layout: Layout) throws -> ProfileKeyPlan {
        ProfileKeyPlan(
            map: try ColumnMap(headers: layout.headers), headerCount: layout.headers.count, needs: layout.needs)
    }
}
