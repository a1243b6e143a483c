import XCTest

@testable import FleetAuditEngine

/// `RowCounter` counts rows by raw key while rows repeat and by their parts while they do not, switching over
/// windows of rows. The tier is a matter of speed only: a fleet that changes shape part way through must give
/// exactly what counting every row by raw key gives — the same profiles in the same order, the same devices,
/// the same rejected lines.
final class RowCounterTests: XCTestCase {
    private let headers = ["platform", "os_version", "app_version", "app_build", "region", "count"]

    /// Distinct rows, then rows repeating earlier ones, then distinct rows again; with unusable builds and counts.
    private func rows() -> [[String]] {
        func distinct(_ i: Int) -> [String] {
            let android = i % 2 == 0
            return [
                android ? "android" : "iOS", android ? "13" : "17.\(i % 5)", "6.\(i % 40)",
                i % 997 == 0 ? "x" : "\(100 + i % 300)", "R-\(i)", i % 1009 == 0 ? "0" : "\(1 + i % 3)",
            ]
        }
        var out = (0..<150_000).map(distinct)
        out += (0..<110_000).map { out[($0 * 7919) % 150_000] }
        out += (150_000..<290_000).map(distinct)
        return out
    }

    private let needs = ProfileNeeds(packageName: false, appBuildOffAndroid: true, attributes: ["region"])

    private func count(
        _ rows: [[String]], window: Int, headers: [String]? = nil, needs: ProfileNeeds? = nil,
        keyLimit: Int = RowCounter.rawKeyLimit, asViews: Bool = false
    ) throws -> RowCounter {
        let headers = headers ?? self.headers
        let plan = ProfileKeyPlan(
            map: try ColumnMap(headers: headers), headerCount: headers.count, needs: needs ?? self.needs)
        let counter = RowCounter(
            plan: plan, summary: InventorySummary(source: "test", locationKind: "line"), window: window,
            keyLimit: keyLimit)
        let fields = RowFields()
        for (i, row) in rows.enumerated() {
            if asViews {
                // As a CSV line split in place: each field a view into the line's bytes.
                let line = row.map { Array($0.utf8) }
                let bytes: [UInt8] = line.flatMap { $0 + [UInt8(ascii: ",")] }
                bytes.withUnsafeBufferPointer { buffer in
                    fields.beginView()
                    let (bases, lengths, capacity) = fields.viewSlots()
                    XCTAssertGreaterThanOrEqual(capacity, line.count)
                    var start = 0
                    for (k, value) in line.enumerated() {
                        bases[k] = buffer.baseAddress! + start
                        lengths[k] = value.count
                        start += value.count + 1
                    }
                    fields.endView(count: line.count)
                    counter.add(fields, line: i + 2)
                }
                continue
            }
            fields.reset()
            for value in row { Array(value.utf8).withUnsafeBufferPointer { fields.append($0) } }
            counter.add(fields, line: i + 2)
        }
        return counter
    }

    func testRowsCountedByPartsGiveExactlyWhatRawKeysGive() throws {
        let rows = rows()
        let tiered = try count(rows, window: 1 << 16)
        let rawOnly = try count(rows, window: .max)
        XCTAssertEqual(rawOnly.rowsCountedByParts, 0)
        // Parts after the first window (no row repeats), raw keys again once the repeats come, then parts
        // again a window after the distinct rows resume: windows 2–3 and 6–7 of 65,536 rows.
        XCTAssertEqual(tiered.rowsCountedByParts, 2 * 65_536 + (400_000 - 5 * 65_536))

        let (a, b) = (tiered.summary, rawOnly.summary)
        XCTAssertEqual(a.rowsRead, b.rowsRead)
        XCTAssertEqual(a.rowsEvaluated, b.rowsEvaluated)
        XCTAssertEqual(a.rowsRejected, b.rowsRejected)
        XCTAssertGreaterThan(a.rowsRejected, 300, "unusable builds and counts")
        XCTAssertEqual(a.devices, b.devices)
        XCTAssertEqual(a.devicesRejected, b.devicesRejected)
        XCTAssertEqual(a.rejections, b.rejections)
        XCTAssertEqual(a.rejectionsByReason, b.rejectionsByReason)
        XCTAssertEqual(a.rowsRead, Int64(rows.count))
        XCTAssertEqual(a.rowsEvaluated + a.rowsRejected, a.rowsRead, "every row accounted for")

        let (x, y) = (tiered.table(), rawOnly.table())
        XCTAssertEqual(x.store.count, y.store.count)
        XCTAssertGreaterThan(x.store.count, 280_000)
        XCTAssertEqual(x.store.ids, y.store.ids, "the same profiles in the same order")
        XCTAssertEqual(x.devices, y.devices)
    }

    /// The raw key table, full, holds its limit (a power of two) of keys in twice as many slots: its last key
    /// does not double slots that no later key would use.
    func testAFullRawKeyTableHasTwiceItsLimitInSlots() throws {
        // Past the table's first slots (4,096 keys' worth).
        let limit = 1 << 13
        let counter = try count(Array(rows().prefix(limit + 500)), window: RowCounter.tierWindow, keyLimit: limit)
        XCTAssertEqual(counter.keys.count, limit)
        XCTAssertEqual(counter.keys.slotCount, 2 * limit)
    }

    /// A new key is classified by its parts (its core once per distinct core, each attribute once per distinct
    /// bytes) into a row of ids. The straight path is `ProfileBuilder` on the row's texts: every profile (in
    /// order of first appearance) and every rejected line with its reason and message must be what it makes —
    /// with iOS builds read and with them left out of the key (`appBuildOffAndroid`), and with a package column;
    /// and once the raw-key table is full, when the keys it lacks are classified a batch at a time; with fields
    /// copied (the general CSV path) and viewed in place (a line split in place, a SQLite row).
    func testKeysClassifiedByPartsAreWhatTheProfileBuilderMakes() throws {
        let withPackage = ["platform", "os_version", "app_version", "app_build", "package_name", "region", "count"]
        for keyLimit in [RowCounter.rawKeyLimit, 300] {
            for asViews in [false, true] {
                try classifiesAsTheProfileBuilder(
                    headers: headers, needs: needs, seed: 23, keyLimit: keyLimit, asViews: asViews)
                try classifiesAsTheProfileBuilder(
                    headers: withPackage,
                    needs: ProfileNeeds(packageName: true, appBuildOffAndroid: false, attributes: ["region"]), seed: 29,
                    keyLimit: keyLimit, asViews: asViews)
            }
        }
    }

    private func classifiesAsTheProfileBuilder(
        headers: [String], needs: ProfileNeeds, seed: UInt64, keyLimit: Int, asViews: Bool
    ) throws {
        var rng = SeededGenerator(seed: seed)
        func pick(_ values: [String]) -> String { values[Int(rng.next() % UInt64(values.count))] }
        let platforms = ["android", " Android\t", " ios", "iOS", "IPADOS", "ios\u{00A0}", "\u{3000}android", "web", ""]
        let versions = ["13", "17.1", " 17.0.1 ", "x", "", "1.2.3.4.5", "4.4", "2.0-beta", "١٣"]
        let builds = ["100", "x", "", " 42 ", "007", "-1", "99999999999999999999"]
        let packages = ["com.example.app", " com.example.app ", "", "COM.EXAMPLE.APP"]
        let regions = ["GB", " gb ", "R-1", "", "ÅLAND", "A\u{030A}LAND", "gb"]
        let hasPackage = headers.contains("package_name")
        let rows = (0..<6000).map { _ in
            [pick(platforms), pick(versions), pick(versions), pick(builds)] + (hasPackage ? [pick(packages)] : [])
                + [pick(regions), pick(["1", "2", "3"])]
        }
        let counter = try count(
            rows, window: .max, headers: headers, needs: needs, keyLimit: keyLimit, asViews: asViews)
        if keyLimit < rows.count { XCTAssertEqual(counter.keys.count, keyLimit, "the raw-key table is full") }

        let expected = ProfileStore(attributeNames: ["region"])
        var rowOf: [[Int32]: Int] = [:]
        var devices: [Int64] = []
        var rejected: [(line: Int, column: String?, reason: RejectionReason, message: String)] = []
        for (i, row) in rows.enumerated() {
            var values: [InventoryColumn: String] = [
                .platform: row[0], .osVersion: row[1], .appVersion: row[2], .appBuild: row[3],
            ]
            if hasPackage { values[.packageName] = row[4] }
            let made = ProfileBuilder.build(
                value: { values[$0] }, attributes: ["region": row[row.count - 2].trimmedWhitespace], needs: needs)
            switch made {
            case .success(let fields):
                let ids = expected.ids(of: fields)
                if rowOf[ids] == nil {
                    rowOf[ids] = ids.withUnsafeBufferPointer { expected.append(ids: $0.baseAddress!) }
                    devices.append(0)
                }
                devices[rowOf[ids]!] += Int64(row[row.count - 1])!
            case .failure(let problem):
                rejected.append((i + 2, problem.column, problem.reason, problem.message))
            }
        }
        XCTAssertGreaterThan(rejected.count, 500, "rows the builder refuses")
        XCTAssertGreaterThan(expected.count, 500, "profiles it makes")

        let table = counter.table()
        XCTAssertEqual(table.store.count, expected.count)
        let remap = expected.remap(from: table.store)
        var translated = [Int32](repeating: 0, count: expected.width)
        for r in 0..<min(table.store.count, expected.count) {
            translated.withUnsafeMutableBufferPointer {
                expected.translate(row: r, of: table.store, remap: remap, into: $0.baseAddress!)
            }
            let want = (0..<expected.width).map { expected.id(r, $0) }
            XCTAssertEqual(translated, want, "profile \(r)")
        }
        XCTAssertEqual(table.devices, devices)
        let summary = counter.summary
        XCTAssertEqual(summary.rowsRejected, Int64(rejected.count))
        XCTAssertEqual(
            summary.rejectionsByReason, Dictionary(rejected.map { ($0.reason, Int64(1)) }, uniquingKeysWith: +))
        // The summary keeps the first rejections with their lines (and counts the rest by reason).
        XCTAssertGreaterThan(summary.rejections.count, 50)
        XCTAssertEqual(summary.rejections.map(\.line), rejected.prefix(summary.rejections.count).map(\.line))
        for (got, want) in zip(summary.rejections, rejected) {
            XCTAssertEqual(got.column, want.column, "line \(want.line)")
            XCTAssertEqual(got.reason, want.reason, "line \(want.line)")
            XCTAssertEqual(got.message, want.message, "line \(want.line)")
        }
    }

    /// Rows a full raw key table lacks wait to be classified together (`RowCounter.drainMisses`), while the rows
    /// the table has are counted at once. Rejections must still be recorded in line order — a waiting row's before
    /// a later row's, whichever way each was found and whether its values or its count are what is wrong — and
    /// profiles numbered and counted as when every row has its raw key (a table with room for them all).
    func testRowsAFullKeyTableLacksAreCountedInLineOrderWithTheRest() throws {
        let good = ["android", "13", "6.1", "100", "R-0"]
        let bad = ["android", "x", "6.1", "100", "R-0"]
        var rows = [good + ["1"], bad + ["1"], ["ios", "17.1", "6.1", "100", "R-0", "1"]]
        var rejectedLines = [3]
        for i in 0..<40 {
            let fresh = (
                bad: ["android", "x", "6.\(i)", "100", "R-\(i)"], good: ["android", "13", "6.\(i)", "100", "R-\(i)"],
                other: ["android", "13", "7.\(i)", "100", "R-\(i)"]
            )
            // Missed and rejected, found and rejected, missed and counted, found with a bad count, missed with one.
            let batch = [fresh.bad + ["1"], bad + ["2"], fresh.good + ["2"], good + ["0"], fresh.other + ["0"]]
            for k in batch.indices where k != 2 { rejectedLines.append(rows.count + k + 2) }
            rows += batch
        }
        let missing = try count(rows, window: .max, keyLimit: 3)
        let kept = try count(rows, window: .max)
        let (a, b) = (missing.summary, kept.summary)
        XCTAssertEqual(missing.keys.count, 3, "the raw-key table is full")
        XCTAssertEqual(kept.keys.count, 123, "every key kept")
        XCTAssertEqual(a.rowsRejected, Int64(rejectedLines.count))
        XCTAssertEqual(a.rejections.map(\.line), Array(rejectedLines.prefix(InventorySummary.keptRejections)))
        XCTAssertEqual(a.rejections, b.rejections)
        XCTAssertEqual(a.rejectionsByReason, b.rejectionsByReason)
        XCTAssertEqual(a.devices, b.devices)
        XCTAssertEqual(a.devicesRejected, b.devicesRejected)
        XCTAssertEqual(a.rejectedUncounted, b.rejectedUncounted)
        let (x, y) = (missing.table(), kept.table())
        XCTAssertEqual(x.store.ids, y.store.ids, "the same profiles in the same order")
        XCTAssertEqual(x.devices, y.devices)

        // Rows that never repeat: the counter turns to counting by parts at the end of its first window, with
        // misses still waiting; they are counted first, so the profiles keep the order the rows gave them.
        let distinct = (0..<300).map { ["android", "13", "6.\($0)", "\($0 % 7)", "R-\($0)", "1"] }
        let turned = try count(distinct, window: 48, keyLimit: 5)
        let straight = try count(distinct, window: .max)
        XCTAssertGreaterThan(turned.rowsCountedByParts, 0)
        XCTAssertEqual(turned.table().store.ids, straight.table().store.ids, "the same profiles in the same order")
    }

    /// Misses still waiting when a part is merged into another (`absorb`) are counted in both parts first, and
    /// misses with long keys are classified as soon as their keys hold `batchKeyBytes`, not piled up: either way
    /// the profiles, devices and rejected lines are what one counter with room for every key gives.
    func testWaitingMissesAreCountedBeforeAMergeAndWhenTheirKeysGrowLong() throws {
        let long = String(repeating: "R", count: EngineTuning.batchKeyBytes / 3)
        var rows: [[String]] = []
        for i in 0..<120 {
            let region = (60..<70).contains(i) ? long + "\(i)" : "R-\(i)"
            rows.append(["android", i % 7 == 0 ? "x" : "13", "6.\(i % 9)", "\(100 + i)", region, "\(1 + i % 3)"])
        }
        let kept = try count(rows, window: .max)
        let whole = (summary: kept.summary, table: kept.table())
        XCTAssertGreaterThan(whole.summary.rowsRejected, 10)

        let split = 50
        let first = try count(Array(rows[..<split]), window: .max, keyLimit: 3)
        let second = try count(Array(rows[split...]), window: .max, keyLimit: 3)
        // Ten long keys in a row, each a third of `batchKeyBytes`: at most three wait at once.
        XCTAssertLessThanOrEqual(second.missKeyCapacity, 2 * EngineTuning.batchKeyBytes)
        first.absorb(second, lineOffset: split)
        let merged = (summary: first.summary, table: first.table())
        XCTAssertEqual(merged.summary.rejections, whole.summary.rejections)
        XCTAssertEqual(merged.summary.rowsRead, Int64(rows.count))
        XCTAssertEqual(merged.summary.devices, whole.summary.devices)
        XCTAssertEqual(merged.table.store.count, whole.table.store.count)
        let remap = whole.table.store.remap(from: merged.table.store)
        var translated = [Int32](repeating: 0, count: whole.table.store.width)
        var devices: [[Int32]: Int64] = [:]
        for r in 0..<merged.table.store.count {
            translated.withUnsafeMutableBufferPointer {
                whole.table.store.translate(row: r, of: merged.table.store, remap: remap, into: $0.baseAddress!)
            }
            devices[translated] = merged.table.devices[r]
        }
        for r in 0..<whole.table.store.count {
            let ids = (0..<whole.table.store.width).map { whole.table.store.id(r, $0) }
            XCTAssertEqual(devices[ids], whole.table.devices[r], "profile \(r)")
        }
    }

    /// `isAndroid` reads a platform field as `ProfileBuilder.platform` does: every case of `android`, and texts a
    /// byte or a blank away from it (seven-byte fields take a one-word comparison, the others the byte path).
    func testIsAndroidReadsThePlatformAsTheProfileBuilder() {
        XCTAssertEqual(RowCounter.androidWord, "android".utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) })
        let android = Array("android")
        var texts = (0..<128).map { mask in
            String(
                android.enumerated().map {
                    mask >> $0.offset & 1 == 1 ? Character($0.element.uppercased()) : $0.element
                })
        }
        let near: [Character] = ["@", "`", "A", "[", "{", " ", "\t", "\u{00A0}", "é", "0", "N", "m", "\u{0130}"]
        for i in 0..<7 {
            for c in near {
                var chars = android
                chars[i] = c
                texts.append(String(chars))
            }
        }
        texts += [" android", "android ", "\tandroid", "androi", "androidx", "ANDROID\t", "\u{3000}android", "", "ios"]
        for text in texts {
            let got = Array(text.utf8).withUnsafeBufferPointer { RowCounter.isAndroid($0) }
            XCTAssertEqual(got, ProfileBuilder.platform(text) == .android, text.debugDescription)
        }
    }
}
