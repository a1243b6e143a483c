import XCTest

@testable import FleetAudit
@testable import FleetAuditEngine
@testable import FleetAuditFormats
@testable import FleetAuditReports
@testable import FleetAuditValues

/// Every config FleetAudit can load — each format's fixtures from its clients' own tests, the sample configs and
/// drafts — decides every device the same way on the engine's path (projection from the fixed fields,
/// attribute classes, evaluators that remember, tallies) as evaluated on its own: `EvaluableConfig.evaluate`
/// of the device's whole profile, nothing projected, classed or remembered. A format gets this proof by
/// having fixtures; nothing here names one. With the debug build's `DeclaredReads` guard, a format that reads
/// a field it did not declare stops the run.
///
/// Each config gets a fleet of its own, drawn from the values its document holds (versions and their
/// neighbours, requirement values, packages) and a few it does not.
final class EngineConformanceTests: XCTestCase {
    private static let context = EvaluationContext(
        releases: try? AuditRun.loadReleases(TestPaths.sample("releases.csv")),
        asOf: Date(timeIntervalSince1970: 1_795_000_000), asOfIsExplicit: true)

    func testEveryFixtureAndSampleConfigDecidesAsEachDeviceOnItsOwn() throws {
        let documents = Self.configFiles()
        var compared = 0
        var configsCompared = 0
        var outcomesSeen = Set<Outcome>()
        for path in documents {
            guard let loaded = try? ConfigLoader().load(path, id: URL(fileURLWithPath: path).lastPathComponent),
                let root = try? ConfigLoader().document(path).root
            else { continue }
            var rng = SeededGenerator(
                seed: UInt64(truncatingIfNeeded: path.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }))
            let fleet = Self.fleet(for: [loaded], tokens: Self.tokens(in: root), rows: 400, rng: &rng)
            let seen = try check([loaded], fleet: fleet, label: path)
            compared += seen.profiles
            outcomesSeen.formUnion(seen.outcomes)
            configsCompared += 1
        }
        XCTAssertGreaterThan(configsCompared, 150, "the fixtures of every format load")
        XCTAssertGreaterThan(compared, 30_000)
        XCTAssertEqual(outcomesSeen, Set(Outcome.allCases), "the fleets reach every outcome")
    }

    /// Documents drawn from each format's grammar of mistakes (`ConfigGrammar`): the odd documents the
    /// differential runs against the clients found wrong, decided the same on the engine's path as on their own.
    func testGeneratedDocumentsDecideAsEachDeviceOnItsOwn() throws {
        var rng = SeededGenerator(seed: 34)
        let directory = TestPaths.temporaryDirectory()
        var compared = 0
        var unreadable = 0
        for (format, make) in [
            ("princeofversions", ConfigGrammar.princeOfVersions), ("turkcell", ConfigGrammar.turkcell),
        ] {
            for n in 0..<400 {
                let text = make(&rng)
                let path = TestPaths.write(text, named: "\(format)-\(n).json", in: directory)
                // A mutated document no client reads (a `//` comment that runs to the end) is a config error.
                guard
                    let loaded = try? ConfigLoader(forcedFormat: format == "turkcell" ? "turkcell-updater" : format)
                        .load(path, id: "\(format)-\(n).json"),
                    let root = try? ConfigLoader(forcedFormat: format == "turkcell" ? "turkcell-updater" : format)
                        .document(path).root
                else {
                    unreadable += 1
                    continue
                }
                let fleet = Self.fleet(for: [loaded], tokens: Self.tokens(in: root), rows: 120, rng: &rng)
                compared += try check([loaded], fleet: fleet, label: text).profiles
            }
        }
        XCTAssertGreaterThan(compared, 20_000)
        XCTAssertLessThan(unreadable, 80, "most generated documents are read by some client")
    }

    /// Documents that share some platform sections and differ in others (a folder per app and environment),
    /// audited together: a worker decides equal sections once per profile for all of them (`SharedDecisions`),
    /// and each document still counts what it decides on its own. Seen failing with the engine's
    /// `startProfile` call left out (every document then counted the first profile's decisions).
    func testDocumentsSharingSectionsDecideAsEachOnItsOwn() throws {
        var rng = SeededGenerator(seed: 36)
        var android: [JSONValue] = []
        var apple: [(String, JSONValue)] = []
        while android.count < 5 || apple.count < 5 {
            // One spelling of the region requirement: a fleet has one region column.
            let text = ConfigGrammar.princeOfVersions(rng: &rng)
            guard !text.contains("\"Region\""), let root = (try? JSONParser.parse(text))?.objectValue else { continue }
            if let section = root["android2"] { android.append(section) }
            for key in ["ios2", "macos2"] { if let section = root[key] { apple.append((key, section)) } }
        }
        let directory = TestPaths.temporaryDirectory()
        var configs: [LoadedConfig] = []
        var tokens: [String] = []
        for n in 0..<30 {
            var root = JSONObject()
            root.append("android2", android[Int(rng.next() % 5)])
            let (key, section) = apple[Int(rng.next() % 5)]
            root.append(key, section)
            // Every third document again with other spacing: other bytes, the same sections.
            let text = JSONWriter.write(.object(root)) + String(repeating: "\n", count: n % 3)
            let path = TestPaths.write(text, named: "shared-\(n).json", in: directory)
            configs.append(try ConfigLoader(forcedFormat: "princeofversions").load(path, id: "shared-\(n).json"))
            tokens += Self.tokens(in: .object(root))
        }
        let seen = try check(
            configs, fleet: Self.fleet(for: configs, tokens: tokens, rows: 1500, rng: &rng), label: "shared sections")
        XCTAssertGreaterThan(seen.profiles, 500)
    }

    /// Two legacy PrinceOfVersions documents whose latest versions differ only in SemVer build metadata: equal as
    /// versions, yet Android's clients before 4.0 compare the version last notified as text (3.0.0 `PresenterImpl`
    /// L66-68), so a device notified of `2.0.0+b1` is up to date for one and recommended by the other. Their views
    /// must not share decisions (found by a read-only review of the sharing; seen failing before `versionTexts`).
    func testViewsWhoseVersionsDifferOnlyInBuildMetadataAreNotShared() throws {
        let directory = TestPaths.temporaryDirectory()
        var configs: [LoadedConfig] = []
        for build in ["b1", "b2"] {
            let latest = #"{"version": "2.0.0+\#(build)", "notification_type": "ONCE"}"#
            let text = #"{"android": {"minimum_version": "1.0.0", "latest_version": \#(latest)}}"#
            let path = TestPaths.write(text, named: "legacy-\(build).json", in: directory)
            configs.append(try ConfigLoader().load(path, id: "legacy-\(build).json"))
        }
        var fleet = "platform,os_version,os_api_level,app_version,app_build,package_name,last_notified_version\n"
        for notified in ["2.0.0+b1", "2.0.0", ""] {
            fleet += "android,14,34,1.5.0,15,,\(notified)\n"
        }
        _ = try check(configs, fleet: fleet, label: "build metadata")
    }

    /// Documents made from identical trees are evaluated once for all of them (the loader's `TreeIdentity`); one
    /// whose tree differs only in what the parser noted — a comma before the last `}`,
    /// which Android's org.json, Moshi and kotlinx reject — is not one of them, and each counts what it decides
    /// on its own. Seen failing with `JSONObject.isIdentical` blind to the comma.
    func testIdenticalTreesShareDecisionsAndAParserNoteTellsThemApart() throws {
        let directory = TestPaths.temporaryDirectory()
        var configs: [LoadedConfig] = []
        var tokens: [String] = []
        for sample in [
            "turkcell/fleet-updater.json", "nhs/availability-android.json", "osam/android-force-352.json",
            "osam/ios-rating.json",
        ] {
            let text = try String(contentsOfFile: TestPaths.sample("configs/" + sample), encoding: .utf8)
            let close = try XCTUnwrap(text.lastIndex(of: "}"))
            let variants = [
                text, text + "\n\n", String(text[..<close]) + ",}" + String(text[text.index(after: close)...]), text,
            ]
            for (k, variant) in variants.enumerated() {
                let name = sample.replacingOccurrences(of: "/", with: "-") + "-\(k).json"
                let path = TestPaths.write(variant, named: name, in: directory)
                configs.append(try ConfigLoader().load(path, id: name))
                tokens += Self.tokens(in: try ConfigLoader().document(path).root)
            }
        }
        var rng = SeededGenerator(seed: 37)
        let seen = try check(
            configs, fleet: Self.fleet(for: configs, tokens: tokens, rows: 3000, rng: &rng), label: "identical trees")
        XCTAssertGreaterThan(seen.profiles, 500)
    }

    /// More documents of one format than one pass decides (`EngineTuning.unitsPerPass`: documents of one format
    /// read the same fields, so they are one group, evaluated in two passes) over more profiles than one block
    /// (`EngineTuning.profilesPerBlock`): what equal documents share about a profile is kept for its block and
    /// found again by the later pass, and never given to another block's profile or another document. Among the
    /// PrinceOfVersions copies, one whose iOS section differs. Seen failing with the engine starting each
    /// profile by its place in the block instead of in the table.
    func testSharedDecisionsHoldAcrossPassesAndBlocks() throws {
        let directory = TestPaths.temporaryDirectory()
        var configs: [LoadedConfig] = []
        var tokens: [String] = []
        let copies = EngineTuning.unitsPerPass + 6
        for sample in ["princeofversions/fleet-rollout.json", "nhs/availability-ios.json"] {
            let text = try String(contentsOfFile: TestPaths.sample("configs/" + sample), encoding: .utf8)
            for k in 0..<copies {
                let name = sample.replacingOccurrences(of: "/", with: "-") + "-\(k).json"
                let variant =
                    k == copies / 2
                    ? text.replacingOccurrences(
                        of: #""required_version": "4.29""#, with: #""required_version": "4.10""#)
                    : text + String(repeating: "\n", count: k)
                let path = TestPaths.write(variant, named: name, in: directory)
                configs.append(try ConfigLoader().load(path, id: name))
                if k == 0 || k == copies / 2 { tokens += Self.tokens(in: try ConfigLoader().document(path).root) }
            }
        }
        var rng = SeededGenerator(seed: 38)
        let seen = try check(
            configs, fleet: Self.fleet(for: configs, tokens: tokens, rows: 3000, rng: &rng), label: "passes and blocks")
        XCTAssertGreaterThan(seen.profiles, 4 * EngineTuning.profilesPerBlock)
    }

    /// The sample configs evaluated together, as a run evaluates them: groups of configs sharing a projection,
    /// attribute classes merged across a group's configs.
    func testTheSampleConfigsTogether() throws {
        var request = AuditRequest(inventoryPath: "")
        request.configDirectories = [TestPaths.sample("configs"), TestPaths.sample("drafts")]
        let (configs, _) = try AuditRun.loadConfigs(request)
        var tokens: [String] = []
        for c in configs { tokens += Self.tokens(in: try ConfigLoader().document(c.source).root) }
        var rng = SeededGenerator(seed: 33)
        let seen = try check(
            configs, fleet: Self.fleet(for: configs, tokens: tokens, rows: 6000, rng: &rng), label: "sample")
        XCTAssertGreaterThan(seen.profiles, 3000)
    }

    /// The guard itself: a format that reads an attribute it did not declare is caught on the engine's path.
    func testAReadOfAnUndeclaredAttributeIsCaught() throws {
        let csv = "platform,os_version,app_version,region\nios,17.0,1.0,GB\nios,17.0,1.0,DE\n"
        let table = try InventoryLoader(needs: ProfileNeeds(attributes: ["region"])).load(
            CSVInventorySource(bytes: Array(csv.utf8))
        ).0
        let sneaky = LoadedConfig(id: "sneaky", source: "", sha256: "", format: "test", config: ReadsRegionUndeclared())
        let reads = DeclaredReads.collecting {
            _ = EvaluationCore.enginePathDecisions([EvaluationUnit([sneaky])], profiles: table, context: Self.context)
        }
        XCTAssertFalse(reads.isEmpty)
        XCTAssertTrue(reads.allSatisfy { $0.contains("region of ios devices") }, "\(reads)")
        let honest = LoadedConfig(
            id: "honest", source: "", sha256: "", format: "test", config: ReadsRegionUndeclared(declares: true))
        XCTAssertEqual(
            DeclaredReads.collecting {
                _ = EvaluationCore.enginePathDecisions(
                    [EvaluationUnit([honest])], profiles: table, context: Self.context)
            }, [])
    }

    /// A wrong declaration costs speed, never an answer (issue 65): the projection merged GB and DE for a config
    /// that declared nothing, its read of `region` is recorded, and the group is counted again on the run's
    /// profiles. Before, a debug build stopped (`fatalError`) and a release build counted both as "not GB".
    func testAnUndeclaredReadIsCountedOnTheStraightPath() throws {
        let csv = "platform,os_version,app_version,region\nios,17.0,1.0,GB\nios,17.0,1.0,DE\nios,17.0,1.0,GB\n"
        let table = try InventoryLoader(needs: ProfileNeeds(attributes: ["region"])).load(
            CSVInventorySource(bytes: Array(csv.utf8))
        ).0
        let sneaky = LoadedConfig(id: "sneaky", source: "", sha256: "", format: "test", config: ReadsRegionUndeclared())
        let misses = ReadMisses()
        let tally = Auditor.audit([sneaky], profiles: table, context: Self.context, misses: misses)[0]
        XCTAssertEqual(tally.totals[.forced], 2)
        XCTAssertEqual(tally.totals[.upToDate], 1)
        XCTAssertEqual(misses.fields, ["sneaky: region of ios devices"])
        XCTAssertEqual(
            EvaluationCore.decisions([EvaluationUnit([sneaky])], profiles: table, context: Self.context).map {
                $0[0][0].outcome
            }, [.forced, .upToDate])
    }

    /// A field no config of the run declared is not in the run's profiles at all: the run reads the inventory
    /// again keeping it, and says so (`engine.undeclaredRead`).
    func testAFieldNoConfigDeclaredIsReadAgain() throws {
        let dir = TestPaths.temporaryDirectory()
        let path = TestPaths.write(
            "platform,os_version,app_version,region\nios,17.0,1.0,GB\nios,17.0,1.0,DE\nios,17.0,1.0,GB\n",
            named: "fleet.csv", in: dir)
        let sneaky = LoadedConfig(id: "sneaky", source: "", sha256: "", format: "test", config: ReadsRegionUndeclared())
        let misses = ReadMisses()
        let evaluated = try AuditRun.evaluateFleet(
            AuditRequest(inventoryPath: path), [sneaky], needs: ProfileNeeds(), context: Self.context,
            misses: misses)
        XCTAssertEqual(evaluated.tallies[0].totals[.forced], 2)
        XCTAssertEqual(evaluated.tallies[0].totals[.upToDate], 1)
        XCTAssertEqual(evaluated.table.store.holdings?.needs.attributes, ["region"])
        XCTAssertEqual(AuditRun.undeclaredReads(misses)?.code, "engine.undeclaredRead")
        // Declared, nothing is read twice and nothing is said.
        let honest = LoadedConfig(
            id: "honest", source: "", sha256: "", format: "test", config: ReadsRegionUndeclared(declares: true))
        let quiet = ReadMisses()
        _ = try AuditRun.evaluateFleet(
            AuditRequest(inventoryPath: path), [honest], needs: honest.config.needs, context: Self.context,
            misses: quiet)
        XCTAssertNil(AuditRun.undeclaredReads(quiet))
    }

    /// A wrong attribute class costs speed, never an answer, where the verification mode samples it (issue 65):
    /// a config whose class says every region decides alike, though GB is forced. Without the verification the
    /// engine counts all three devices as GB's representative decides (seen: 3 forced, the test's first assertion);
    /// with it the config is counted on the straight path and the run says so (`engine.pathsDisagree`).
    func testAWrongAttributeClassIsCaughtByTheVerificationMode() throws {
        let csv = "platform,os_version,app_version,region\nios,17.0,1.0,GB\nios,17.0,1.0,DE\nios,17.0,1.0,GB\n"
        let table = try InventoryLoader(needs: ProfileNeeds(attributes: ["region"])).load(
            CSVInventorySource(bytes: Array(csv.utf8))
        ).0
        let wrong = LoadedConfig(
            id: "wrong", source: "", sha256: "", format: "test",
            config: ReadsRegionUndeclared(declares: true, merges: true))
        let unverified = Auditor.audit([wrong], profiles: table, context: Self.context)[0]
        XCTAssertNotEqual(unverified.totals[.upToDate], 1, "the hint does change the engine's answer")
        let verification = PathVerification()
        let tally = Auditor.audit([wrong], profiles: table, context: Self.context, verification: verification)[0]
        XCTAssertEqual(tally.totals[.forced], 2)
        XCTAssertEqual(tally.totals[.upToDate], 1)
        XCTAssertEqual(verification.disagreements.map(\.config), ["wrong"])
        XCTAssertEqual(AuditRun.pathsDisagree(verification)?.code, "engine.pathsDisagree")
        // An honest class: nothing found, nothing said.
        let honest = LoadedConfig(
            id: "honest", source: "", sha256: "", format: "test", config: ReadsRegionUndeclared(declares: true))
        let quiet = PathVerification()
        _ = Auditor.audit([honest], profiles: table, context: Self.context, verification: quiet)
        XCTAssertNil(AuditRun.pathsDisagree(quiet))
    }

    private struct ReadsRegionUndeclared: EvaluableConfig {
        var declares = false
        /// Says (wrongly) that no region decides otherwise than another.
        var merges = false
        var platforms: [Platform] { [.ios] }
        var rules: [RuleInfo] { [RuleInfo(id: "gb", summary: "GB is forced")] }
        var diagnostics: [Diagnostic] { [] }
        var needs: ProfileNeeds { ProfileNeeds(attributes: declares ? ["region"] : []) }
        func evaluate(_ profile: any Device, context: EvaluationContext) -> Decision {
            profile.attribute("region") == "GB"
                ? Decision(.forced, rule: "gb", reason: "GB") : Decision(.upToDate, rule: nil, reason: "not GB")
        }
        func attributeClass(platform: Platform, attribute: String, options: FormatOptions) -> (
            @Sendable (String?) -> String
        )? {
            guard merges else { return nil }
            return { _ in "every region" }
        }
    }

    // MARK: - The comparison

    /// Ingests `fleet` keeping every column, then compares, profile by profile, the engine path's decisions
    /// with each profile evaluated on its own, and the audit's tallies with the straight counts.
    private func check(_ configs: [LoadedConfig], fleet: String, label: String) throws -> (
        profiles: Int, outcomes: Set<Outcome>
    ) {
        let header = fleet.prefix { $0 != "\n" }.split(separator: ",").map(String.init)
        var needs = ProfileNeeds.forRun(configs, releases: Self.context.releases)
        needs.formUnion(ProfileNeeds(packageName: true, appBuildOffAndroid: true, attributes: Set(header.dropFirst(6))))
        let (table, summary) = try InventoryLoader(needs: needs).load(CSVInventorySource(bytes: Array(fleet.utf8)))
        XCTAssertEqual(summary.rowsRejected, 0, "\(summary.rejections.first.map { "\($0)" } ?? ""), in \(label)")
        let units = configs.map { EvaluationUnit([$0]) }
        var engine: [[[Decision]]] = []
        var tallies: [ConfigTally] = []
        // Collected rather than stopping the process, so the failure names the config.
        let undeclared = DeclaredReads.collecting {
            engine = EvaluationCore.enginePathDecisions(units, profiles: table, context: Self.context)
            tallies = Auditor.audit(configs, profiles: table, context: Self.context, workers: 2, profilesPerWorker: 64)
        }
        XCTAssertEqual(
            Set(undeclared).sorted(), [],
            "\(label) \(configs.count == 1 ? configs[0].id : ""): reads of undeclared fields")
        var straightTotals = Array(repeating: OutcomeCounts(), count: configs.count)
        var straightRules = Array(repeating: [String: OutcomeCounts](), count: configs.count)
        var outcomes = Set<Outcome>()
        var disagreements = 0
        for (p, profile) in table.profiles.enumerated() where table.devices[p] > 0 {
            for (c, loaded) in configs.enumerated() {
                let alone = loaded.config.evaluate(profile, context: Self.context)
                let counted = engine[p][c][0]
                outcomes.insert(alone.outcome)
                straightTotals[c][alone.outcome] += table.devices[p]
                if let rule = alone.rule {
                    straightRules[c][rule, default: OutcomeCounts()][alone.outcome] += table.devices[p]
                }
                if alone.outcome != counted.outcome || alone.rule != counted.rule
                    || alone.diagnostics.map(\.code) != counted.diagnostics.map(\.code)
                    || alone.notices != counted.notices
                {
                    disagreements += 1
                    if disagreements <= 5 {
                        XCTFail(
                            "\(label) \(loaded.id): \(profile.fields): alone \(alone.outcome) \(alone.rule ?? "-") "
                                + "\(alone.diagnostics.map(\.code)) \(alone.notices), engine \(counted.outcome) \(counted.rule ?? "-") "
                                + "\(counted.diagnostics.map(\.code)) \(counted.notices)")
                    }
                }
            }
        }
        for (c, loaded) in configs.enumerated() {
            XCTAssertEqual(tallies[c].totals, straightTotals[c], "\(label) \(loaded.id): audit totals")
            XCTAssertEqual(tallies[c].rules.mapValues(\.counts), straightRules[c], "\(label) \(loaded.id): audit rules")
        }
        return (table.profiles.count, outcomes)
    }

    // MARK: - Fleets drawn from the documents

    static func configFiles() -> [String] {
        var out: [String] = []
        for root in [
            TestPaths.fixtures.path, TestPaths.sample("configs"), TestPaths.sample("drafts"),
            TestPaths.sample("desktop/configs"),
        ] {
            let walker = FileManager.default.enumerator(atPath: root)
            while let relative = walker?.nextObject() as? String {
                if FormatRegistry.fileExtensions.contains(where: relative.hasSuffix) {
                    out.append(root + "/" + relative)
                }
            }
        }
        return out.sorted()
    }

    /// The document's scalars that a CSV cell can hold as they are, and each version's neighbours.
    static func tokens(in document: ConfigDocument) -> [String] {
        switch document {
        case .json(let root): return tokens(in: root)
        case .xml(let root):
            // An appcast's values: every text and attribute, trimmed as Sparkle reads them.
            var texts: [String] = []
            func walk(_ element: XMLElementValue) {
                texts.append(element.text.trimmingCharacters(in: .whitespacesAndNewlines))
                texts += element.attributes.map(\.value)
                element.children.forEach(walk)
            }
            walk(root)
            return tokens(in: .array(texts.map { .string($0) }))
        case .text(let document):
            // A format that reads its own syntax: every word of the text, quotes and separators aside.
            let words = String(decoding: document.bytes, as: UTF8.self).split(whereSeparator: {
                " \n\t:'\"[],".contains($0)
            })
            return tokens(in: .array(words.map { .string(String($0)) }))
        }
    }

    static func tokens(in root: JSONValue) -> [String] {
        var out = Set<String>()
        func walk(_ value: JSONValue) {
            switch value {
            case .string(let s): add(s)
            case .number(let n): add(n.literal)
            case .array(let items): items.forEach(walk)
            case .object(let object): for key in object.keys { walk(object[key]!) }
            default: break
            }
        }
        func add(_ s: String) {
            guard !s.isEmpty, s.count <= 32,
                s.unicodeScalars.allSatisfy({
                    CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._+-".unicodeScalars.contains($0)
                })
            else { return }
            out.insert(s)
            // A version's neighbours: 1.2.3 → 1.2.2, 1.2.4, 1.2, 1.2.3.1.
            let parts = s.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count <= 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
                let last = Int(parts.last!), last < 1_000_000
            {
                let head = parts.dropLast().joined(separator: ".")
                let prefix = head.isEmpty ? "" : head + "."
                out.insert(prefix + String(last + 1))
                if last > 0 { out.insert(prefix + String(last - 1)) }
                if !head.isEmpty { out.insert(head) }
                out.insert(s + ".1")
            }
        }
        walk(root)
        return out.sorted()
    }

    /// A CSV fleet for `configs`: the fixed columns, then every attribute some config reads, each row's values
    /// drawn from `tokens` or from a few of FleetAudit's own.
    static func fleet(for configs: [LoadedConfig], tokens: [String], rows: Int, rng: inout SeededGenerator) -> String {
        var attributes = Set<String>()
        var packages = Set<String>()
        for c in configs {
            let needs = c.config.needs
            attributes.formUnion(needs.attributes.map { needs.spellings[$0] ?? $0 })
            packages.formUnion(c.config.packageNames)
        }
        let attributeNames = attributes.sorted().filter {
            !["platform", "osversion", "appversion", "appbuild", "packagename", "osapilevel"].contains(
                InventoryColumn.normalize($0))
        }
        let versions = tokens.filter { $0.first?.isNumber == true } + ["1.0", "2.0.0", "10.3", "17.4.1", "99"]
        let integers = tokens.filter { $0.allSatisfy(\.isNumber) && $0.count <= 9 } + ["1", "100", "5000"]
        // A package a CSV cell can hold (a mutated document's may have a line break in it).
        let packageChoices =
            packages.sorted().filter { !$0.unicodeScalars.contains(where: { "\n\r,\"".unicodeScalars.contains($0) }) }
            + ["com.example.other"]
        // Besides the document's own: words an inventory column holds (an arch, a staging UUID, a kernel release).
        let words =
            tokens + [
                "en", "tr", "GB", "true", "false", "x", "arm64", "x86_64", "6ba7b812-9dad-11d1-80b4-00c04fd430c8",
                "00000000-0000-0000-0000-0000ffffffff", "6.5.0-14-generic", "4.1.0", "beta",
            ]
        func pick(_ choices: [String]) -> String { choices[Int(rng.next() % UInt64(choices.count))] }
        var lines = [
            (["platform", "os_version", "os_api_level", "app_version", "app_build", "package_name"] + attributeNames)
                .joined(separator: ",")
        ]
        // The platforms every format's clients run on, and those of the configs' own (a desktop feed's Windows).
        let platforms =
            ["android", "android", "ios", "ios", "macos"]
            + configs.flatMap { $0.config.platforms.map(\.name) }.filter { !["android", "ios", "macos"].contains($0) }
        for _ in 0..<rows {
            let platform = pick(platforms)
            let android = platform == "android"
            var row = [
                platform, pick(versions), android ? String(16 + rng.next() % 20) : "", pick(versions),
                android ? pick(integers) : (rng.next() % 3 == 0 ? "" : pick(versions)),
                rng.next() % 5 == 0 ? "" : pick(packageChoices),
            ]
            for _ in attributeNames { row.append(rng.next() % 4 == 0 ? "" : pick(words)) }
            lines.append(row.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
