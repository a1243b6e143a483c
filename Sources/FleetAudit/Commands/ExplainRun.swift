import Foundation

/// `explain`: one device against every config, with the same evaluation code as `audit`.
public enum ExplainRun {
    /// Parses `key=value,key=value`; a value in double quotes may hold commas (`""` is a quote).
    public static func parseDevice(_ spec: String) throws(AuditFailure) -> [(key: String, value: String)] {
        var pairs: [(String, String)] = []
        var chars = Array(spec)[...]
        while !chars.isEmpty {
            guard let eq = chars.firstIndex(of: "=") else {
                throw .usage("--device: \"\(String(chars))\" is not key=value")
            }
            let key = String(chars[chars.startIndex..<eq]).trimmedWhitespace
            chars = chars[(eq + 1)...]
            var value = ""
            if chars.first == "\"" {
                chars = chars.dropFirst()
                var closed = false
                while let c = chars.first {
                    chars = chars.dropFirst()
                    if c == "\"" {
                        if chars.first == "\"" {
                            value.append("\"")
                            chars = chars.dropFirst()
                            continue
                        }
                        closed = true
                        break
                    }
                    value.append(c)
                }
                guard closed else { throw .usage("--device: unterminated quote in the value of \(key)") }
                if let c = chars.first, c != "," {
                    throw .usage("--device: unexpected \(c) after the quoted value of \(key)")
                }
            } else {
                let end = chars.firstIndex(of: ",") ?? chars.endIndex
                value = String(chars[chars.startIndex..<end])
                chars = chars[end...]
            }
            if chars.first == "," { chars = chars.dropFirst() }
            guard !key.isEmpty else { throw .usage("--device: a key is empty") }
            pairs.append((key, value))
        }
        return pairs
    }

    /// A validated profile from `--device` pairs, by the same rules as an inventory row.
    package static func profile(_ pairs: [(key: String, value: String)], needs: ProfileNeeds = ProfileNeeds())
        throws(AuditFailure) -> Profile
    {
        var known: [InventoryColumn: String] = [:]
        var attributes: [String: String] = [:]
        for (key, value) in pairs {
            if let column = InventoryColumn.named(key) {
                known[column] = value
            } else {
                attributes[InventoryColumn.normalize(key)] = value.trimmedWhitespace
            }
        }
        let missing = InventoryColumn.required.filter { known[$0] == nil }.map(\.rawValue)
        if !missing.isEmpty {
            throw .usage(
                "--device is missing \(missing.joined(separator: ", ")) (required: platform, os_version, app_version; app_build on Android)"
            )
        }
        switch ProfileBuilder.build(value: { known[$0] }, attributes: attributes, needs: needs) {
        case .success(let fields): return Profile(fields)
        case .failure(let problem): throw .input("--device: \(problem.message)")
        }
    }

    /// Each object's `schema`: the output is an array (one object per config, or per pair), so every object
    /// says what it is, and a consumer can check it before reading the fields (a new major version renames it).
    package static let schema = "fleet-audit-explain/1"
    package static let planSchema = "fleet-audit-explain-plan/1"

    package static func run(_ request: AuditRequest, device: String) throws(AuditFailure) -> JSONValue {
        try run(request, pairs: try parseDevice(device))
    }

    /// One device, given as column/value pairs (from `--device` or an inventory row).
    public static func run(_ request: AuditRequest, pairs: [(key: String, value: String)]) throws(AuditFailure)
        -> JSONValue
    {
        let (configs, failed) = try AuditRun.loadConfigs(request)
        let releases = try AuditRun.loadReleases(request.releasesPath)
        let profile = try profile(pairs, needs: ProfileNeeds.forRun(configs, releases: releases))
        let context = EvaluationContext(
            releases: releases, asOf: request.asOf ?? Timestamps.generationTime(),
            asOfIsExplicit: request.asOf != nil, options: request.formatOptions)
        // The audit's own path: the profile projected onto what each config reads, then evaluated.
        let decisions = Auditor.decisions(configs, profiles: .single(profile), context: context)[0]
        var results: [JSONValue] = zip(configs, decisions).map { loaded, decided in
            let decision = decided!
            // Document-level diagnostics concern the devices the document is for (all of them when it is for none).
            let concerned = loaded.config.platforms.isEmpty || loaded.config.platforms.contains(profile.platform)
            let concerning = (concerned ? loaded.locatedDiagnostics : []) + loaded.locate(decision.diagnostics)
            var codes: [String] = []
            for code in concerning.map(\.code) where !codes.contains(code) {
                codes.append(code)
            }
            return .obj([
                ("schema", .string(schema)),
                ("config", .string(loaded.id)),
                ("outcome", .string(decision.outcome.rawValue)),
                ("rule", .optionalString(decision.rule)),
                ("reason", .string(decision.reason)),
                ("notices", .array(decision.notices.map { .string($0) })),
                ("diagnostics", .array(codes.map { .string($0) })),
                ("diagnosticLocations", diagnosticLocations(concerning)),
                ("meta", loaded.config.rules.first { $0.id == decision.rule }?.meta ?? .null),
            ])
        }
        results += failed.map { f in
            .obj([
                ("schema", .string(schema)),
                ("config", .string(f.id)), ("outcome", .string(Outcome.notTargeted.rawValue)), ("rule", .null),
                ("reason", .string("the config could not be loaded: \(f.error.description)")),
                ("notices", .array([])), ("diagnostics", .array([.string("config.unavailable")])),
                ("diagnosticLocations", diagnosticLocations([f.diagnostic])),
            ])
        }
        return .array(results)
    }

    /// Where in the config each of the device's diagnostics stands, for those that have a place
    /// (`diagnostics` stays the list of codes docs/cron-and-ci.md fixes).
    static func diagnosticLocations(_ diagnostics: [Diagnostic]) -> JSONValue {
        var seen = Set<String>()
        return .array(
            diagnostics.compactMap { d in
                // A document diagnostic the device also ran into is one place, listed once.
                guard let at = d.location, seen.insert("\(d.code) \(at)").inserted else { return nil }
                return .obj([
                    ("code", .string(d.code)), ("path", .optionalString(d.path)), ("line", .int(at.line)),
                    ("column", .int(at.column)),
                ])
            })
    }

    /// `explain --published … --draft …`: the device under both sides, configs paired as `plan` pairs them
    /// (by id; one on each side pairs whatever the names). One object per pair: `config`, `published` and
    /// `draft` (each `explain`'s object, or null on the side that lacks the config) and `changes` (outcome or
    /// deciding rule differ).
    package static func runPlan(_ request: AuditRequest, published: [String], draft: [String], device: String)
        throws(AuditFailure) -> JSONValue
    {
        try runPlan(request, published: published, draft: draft, pairs: try parseDevice(device))
    }

    public static func runPlan(
        _ request: AuditRequest, published: [String], draft: [String],
        pairs device: [(key: String, value: String)]
    ) throws(AuditFailure) -> JSONValue {
        guard !published.isEmpty, !draft.isEmpty else {
            throw .usage("explain needs both --published and --draft, or --config")
        }
        var before = request
        var after = request
        (before.configs, before.configDirectories) = PlanRun.split(published)
        (after.configs, after.configDirectories) = PlanRun.split(draft)
        guard case .array(let left) = try run(before, pairs: device),
            case .array(let right) = try run(after, pairs: device)
        else { return .array([]) }
        let pairs = PlanRun.pair(left, right) { $0.objectValue?["config"]?.stringValue ?? "" }
        return .array(
            pairs.map { config, b, a in
                let changes =
                    b?.objectValue?["outcome"] != a?.objectValue?["outcome"]
                    || b?.objectValue?["rule"] != a?.objectValue?["rule"]
                return .obj([
                    ("schema", .string(planSchema)),
                    ("config", .string(config)), ("published", b ?? .null), ("draft", a ?? .null),
                    ("changes", .bool(changes)),
                ])
            })
    }
}
