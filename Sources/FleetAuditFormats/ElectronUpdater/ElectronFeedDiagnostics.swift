/// The traps a feed sets, found in the feed alone.
enum ElectronFeedDiagnostics {
    static func of(_ feed: ElectronFeed) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if !feed.file.fromName {
            out.append(
                Diagnostic(
                    "electron.platformFromDownloads", .warning,
                    "the feed's name does not say which devices read it (latest-mac.yml, latest.yml, latest-linux.yml…): the audit reads it as \(feed.file.name), from its downloads; name the file as it is published"
                ))
        }
        out += minimum(feed) + staging(feed) + unknownKeys(feed)
        return out
    }

    /// `UpdateInfo`'s keys (builder-util-runtime `updateInfo.ts`), the legacy `sha2` among them: a misspelt
    /// `minimumSystemversion` is no minimum at all.
    static let knownKeys = [
        "version", "files", "path", "sha512", "sha2", "releaseName", "releaseNotes", "releaseDate",
        "stagingPercentage", "minimumSystemVersion", "packages",
    ]

    static func unknownKeys(_ feed: ElectronFeed) -> [Diagnostic] {
        feed.keys.filter { !knownKeys.contains($0) }.map { key in
            let hint =
                NearMiss.closest(to: key, among: knownKeys).map { "; did you mean \($0)?" }
                ?? "; keys it reads: \(knownKeys.joined(separator: ", "))"
            return located(
                Diagnostic(
                    "config.unknownKey", .warning,
                    "\(key) is not a key electron-updater reads, so it ignores it\(hint)", path: key), feed, key)
        }
    }

    private static func located(_ d: Diagnostic, _ feed: ElectronFeed, _ key: String) -> Diagnostic {
        var d = d
        d.location = feed.locations[key]
        return d
    }

    /// `minimumSystemVersion` that stops nobody, or everybody.
    static func minimum(_ feed: ElectronFeed) -> [Diagnostic] {
        guard let value = feed.minimumSystemVersion, value.isTruthy else { return [] }
        guard let minimum = feed.minimum else {
            let guess = productGuess(value.javaScriptString, platform: feed.file.platform)
            return [
                located(
                    Diagnostic(
                        "electron.minimumSystemVersionIgnored", .warning,
                        "minimumSystemVersion \(ElectronFeed.shown(value)) is not a full semver version string: semver.lt throws, electron-updater logs a warning and lets every device through\(guess.map { "; \($0)" } ?? "")",
                        path: "minimumSystemVersion"), feed, "minimumSystemVersion")
            ]
        }
        guard let hint = productVersionHint(minimum, platform: feed.file.platform) else { return [] }
        return [
            located(
                Diagnostic(
                    "electron.minimumIsProductVersion", .warning,
                    "minimumSystemVersion \(minimum.text) looks like a product version, but electron-updater compares it with os.release(), the kernel version: \(hint)",
                    path: "minimumSystemVersion"), feed, "minimumSystemVersion")
        ]
    }

    /// What a valid minimum that looks like a product version does, and what to write instead; nil when it reads as
    /// a kernel version.
    static func productVersionHint(_ minimum: NodeSemver, platform: ElectronPlatform) -> String? {
        switch platform {
        case .mac:
            guard let darwin = meantDarwinMajor(minimum) else { return nil }
            let product = minimum.major == 10 ? "10.\(Int(minimum.minor))" : "\(Int(minimum.major))"
            return
                "every Mac that runs Electron reports Darwin 19 or later, above \(minimum.text), so it stops no Mac; for macOS \(product) write \(darwin).0.0"
        case .windows:
            guard minimum.major >= 11 else { return nil }
            return
                "Windows 10 and 11 both report 10.0.<build>, below \(minimum.text), so it stops every Windows device; to require Windows 11 write 10.0.22000"
        case .linux:
            return nil
        }
    }

    /// The Darwin major a minimum meant as a macOS product version names (13.0.0 → 22); nil when it reads as a
    /// Darwin version (Electron has not run below Darwin 17, so 17 to 25 are kernels).
    static func meantDarwinMajor(_ minimum: NodeSemver) -> Int? {
        let major = Int(minimum.major)
        guard major <= 16 || major == 26 else { return nil }
        return KernelRelease.darwinMajor(forMacOS: major, minor: Int(minimum.minor))
    }

    /// For an unreadable minimum that names a product version ("13.0", 13): what to write.
    private static func productGuess(_ text: String, platform: ElectronPlatform) -> String? {
        guard platform == .mac else { return nil }
        let parts = text.split(separator: ".").compactMap { Int($0) }
        guard let major = parts.first,
            let darwin = KernelRelease.darwinMajor(forMacOS: major, minor: parts.count > 1 ? parts[1] : 0)
        else { return nil }
        return
            "it is compared with the Darwin kernel version, not the macOS version: for macOS \(text) write \"\(darwin).0.0\""
    }

    /// `stagingPercentage` that `parseInt` reads otherwise than it is written.
    static func staging(_ feed: ElectronFeed) -> [Diagnostic] {
        guard let value = feed.stagingPercentage, value != .null else { return [] }
        let written = ElectronFeed.shown(value)
        let message: String?
        switch feed.rollout {
        case .everyone:
            message = "stagingPercentage \(written) is not a number to parseInt (NaN): every device gets the update"
        case .percentage(let p):
            let exact: Bool
            switch value {
            case .number(let x): exact = x == p
            case .string(let text): exact = text == JSYAMLNumbers.describe(p)
            default: exact = false
            }
            let read = "stagingPercentage \(written) is read with parseInt as \(JSYAMLNumbers.describe(p))"
            if exact && (1...100).contains(p) {
                message = nil
            } else if p <= 0 {
                message =
                    exact ? "stagingPercentage is 0: no device gets the update" : "\(read): no device gets the update"
            } else if p >= 100 {
                message = "\(read): every device gets the update"
            } else {
                message = "\(read) (truncated, never rounded): \(JSYAMLNumbers.describe(p))% of devices get the update"
            }
        }
        guard let message else { return [] }
        return [
            located(
                Diagnostic("electron.stagingPercentage", .warning, message, path: "stagingPercentage"), feed,
                "stagingPercentage")
        ]
    }
}

extension JSYAMLNumbers {
    /// A whole number as text (`12`, `-5`).
    static func describe(_ x: Double) -> String {
        abs(x) < 1e15 ? String(Int64(x)) : FeedValue.javaScriptNumber(x)
    }
}
