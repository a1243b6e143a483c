import FleetAudit
import Foundation

/// The entry points the libFuzzer harnesses (`Sources/fleet-audit-fuzz`) drive, kept in the library so the
/// tests replay every saved crash input through exactly the same code. Each checks the invariants a run
/// relies on and traps when one breaks, which is what makes the fuzzer report it.
public enum FuzzTargets {
    public static let names = ["csv", "csv-counted", "terminal"] + FormatRegistry.formats.map { $0.name }

    /// Devices of every platform and some odd shapes, evaluated against each fuzzed config.
    static let profiles: [Profile] = [
        Profile(
            platform: .ios, osVersion: "16.4.1", apiLevel: nil, appVersion: "4.36", appBuild: "1410", packageName: "a",
            attributes: [
                "region": "hr", "language": "tr-TR", "lastnotifiedversion": "2.0", "appopens": "9",
                "minutessincerating": "9000",
            ]),
        Profile(
            platform: .macos, osVersion: "10.12.1", apiLevel: nil, appVersion: "v1", appBuild: nil, packageName: nil),
        Profile(
            platform: .android, osVersion: "13", apiLevel: 33, appVersion: "1.2.3-rc.1", appBuild: "347",
            packageName: "cat.bcn.commonmodule",
            attributes: ["istablet": "true", "model": "Pixel 7", "messagedisplaycount": "1"]),
        Profile(platform: .android, osVersion: "4.4", apiLevel: 19, appVersion: "", appBuild: "-1", packageName: nil),
        Profile(
            platform: Platform("windows"), osVersion: "11", apiLevel: nil, appVersion: "1", appBuild: nil,
            packageName: nil),
        // A desktop app's devices as electron-updater feeds read them.
        Profile(
            platform: .macos, osVersion: "12.7.4", apiLevel: nil, appVersion: "2.3.0", appBuild: nil, packageName: nil,
            attributes: [
                "arch": "arm64", "stagingid": "6ba7b812-9dad-11d1-80b4-00c04fd430c8", "updaterversion": "6.3.9",
            ]),
        Profile(
            platform: Platform("linux"), osVersion: "22.04", apiLevel: nil, appVersion: "2.5.0-beta.1", appBuild: nil,
            packageName: nil,
            attributes: ["arch": "aarch64", "osrelease": "6.5.0-14-generic", "updatechannel": "beta"]),
    ]

    /// Dispatches to a target by name; unknown names do nothing.
    public static func run(_ target: String, _ bytes: [UInt8]) {
        switch target {
        case "csv": csv(bytes)
        case "csv-counted": csvCounted(bytes)
        case "terminal": terminal(bytes)
        default: config(target, bytes)
        }
    }

    /// A config document forced into one format: parse, load, evaluate, validate reasons and every report.
    public static func config(_ format: String, _ bytes: [UInt8]) {
        guard let type = FormatRegistry.formats.first(where: { $0.name == format }) else { return }
        let document: ConfigDocument
        if let text = type as? any TextConfigFormat.Type {
            // A format that reads its own syntax (YAML feeds), under each name that chooses its devices.
            let names = ["latest-mac.yml", "latest.yml", "latest-linux-arm64.yml", "beta-linux.yml", "update"]
            let name = names[Int(bytes.first ?? 0) % names.count]
            document = .text(TextDocument(bytes: bytes, fileName: name))
            _ = text.recognises(TextDocument(bytes: bytes, fileName: "update"))
        } else if ConfigLoader.looksLikeXML(bytes) {
            guard let root = try? XMLDocumentReader.parse(bytes) else { return }
            document = .xml(root)
        } else {
            do { document = .json(try JSONParser.parse(bytes)) } catch {
                // What strict JSON refuses, the format's clients may still read (`clientReading(nonStrict:)`).
                guard let format = type as? any JSONConfigFormat.Type,
                    let read = format.clientReading(nonStrict: bytes, refusedAt: error)
                else { return }
                document = .json(read.root)
            }
        }
        guard case .success = FormatRegistry.detect(document, forced: type.name) else { return }
        let config = type.load(document)
        let context = EvaluationContext(asOf: Date(timeIntervalSince1970: 1_795_000_000), asOfIsExplicit: true)
        for profile in profiles {
            let decision = config.evaluate(profile, context: context)
            precondition(!decision.reason.isEmpty, "every decision explains itself")
        }
        _ = config.rules.map { $0.summary.count + ($0.meta.map { JSONWriter.compact($0).count } ?? 0) }
    }

    /// A CSV inventory: every row is evaluated or rejected, never lost. Read from memory in small chunks
    /// (records straddle buffer refills, where reader bugs hide) with a small record limit, so the limit's
    /// recovery path is exercised too.
    public static func csv(_ bytes: [UInt8]) {
        guard let source = try? CSVInventorySource(bytes: bytes, chunkSize: 512, maxRecordBytes: 1024) else { return }
        let needs = ProfileNeeds(packageName: true, appBuildOffAndroid: true, attributes: ["region", "model", "count"])
        guard let (table, summary) = try? InventoryLoader(needs: needs).load(source) else { return }
        precondition(
            summary.rowsRead == summary.rowsEvaluated + summary.rowsRejected, "rows read = evaluated + rejected")
        precondition(table.devices.reduce(0, +) == summary.devices || summary.devices == Int64.max, "devices add up")
        // Lines split in place read exactly as through the general path.
        let inPlace = CSVReader(bytes: bytes, chunkSize: 512, maxRecordBytes: 1024)
        let general = CSVReader(bytes: bytes, chunkSize: 512, maxRecordBytes: 1024)
        general.readsInPlace = false
        while true {
            let a = signature(try? inPlace.next())
            let b = signature(try? general.next())
            precondition(a == b, "in-place and general reading differ: \(a ?? "end") vs \(b ?? "end")")
            if a == nil { break }
        }
    }

    /// A grouped export: the fuzzed bytes are the rows under a header with a count column, so every row's count
    /// (huge, negative, `12.0`, `1e3`, past 64 bits, empty) goes through the count reader. Every row is evaluated or
    /// rejected; the devices of the evaluated rows add up to the total, which never passes the exact limit; a
    /// rejected row's devices are known or counted as unknown.
    public static func csvCounted(_ bytes: [UInt8]) {
        let header = Array("platform,os_version,app_version,app_build,package_name,count\n".utf8)
        guard let source = try? CSVInventorySource(bytes: header + bytes, chunkSize: 512, maxRecordBytes: 1024)
        else { return }
        guard let (table, summary) = try? InventoryLoader(needs: ProfileNeeds(packageName: true)).load(source) else {
            return
        }
        precondition(summary.grouped, "a count column makes the inventory grouped")
        precondition(
            summary.rowsRead == summary.rowsEvaluated + summary.rowsRejected, "rows read = evaluated + rejected")
        precondition(table.devices.reduce(0, +) == summary.devices, "devices add up")
        precondition(summary.devices <= InventorySummary.maxDevices, "never past the exact limit")
        // A row rejected for its count leaves its profile's key behind with no device (the key is interned
        // before the count is read): it counts nowhere — no total, group or diagnostic — but is never negative.
        precondition(table.devices.allSatisfy { $0 >= 0 }, "no group has fewer than no devices")
        precondition(summary.devicesRejected >= 0 && summary.rejectedUncounted <= summary.rowsRejected)
    }

    /// Text a user did not write, on its way to a terminal or a CI log: a config id, a diagnostic's message and a
    /// table cell, each escaped (`VisibleText`) and laid out by the summary's table. No control character but the
    /// table's own line breaks, no C1 control and no bidirectional override may reach the output.
    public static func terminal(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let escaped = VisibleText.escape(text)
        let table = TextSummary.table([["config", "forced"], [escaped, "1"], ["b", escaped]]).joined(separator: "\n")
        for output in [escaped, table] {
            for scalar in output.unicodeScalars {
                let v = scalar.value
                let allowed = v == 0x0A && output == table || v == 0x09
                precondition(
                    allowed
                        || !(v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v) || (0x202A...0x202E).contains(v)
                            || (0x2066...0x2069).contains(v)),
                    "an unescaped control U+\(String(v, radix: 16))")
            }
        }
        // Nothing is lost: every visible character of the input is still there, in order.
        let visible = text.unicodeScalars.filter {
            $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value)
        }
        var rest = escaped.unicodeScalars[...]
        for scalar in visible
        where !(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value) {
            guard let at = rest.firstIndex(of: scalar) else {
                preconditionFailure("lost U+\(String(scalar.value, radix: 16))")
            }
            rest = rest[rest.index(after: at)...]
        }
    }

    private static func signature(_ event: CSVReader.Event??) -> String? {
        switch event {
        case .some(.some(.record(let line, let fields))):
            return "\(line):" + fields.strings().joined(separator: "\u{1F}")
        case .some(.some(.malformed(let line, let reason, _))): return "\(line):!\(reason.rawValue)"
        case .some(.none): return nil
        case .none: return "error"
        }
    }
}
