/// A version as the Dart `version` package 3.0.2 parses it (`Version.parse`), which upgrader uses for every
/// version it reads: the app's, each item's, the OS's and the system bounds. `^[\d.]+` with an optional
/// `-pre.release` and `+build`; the first three dot-separated integers (missing ones are 0, a fourth is
/// ignored); anything else, an empty component, a blank or an untrimmed string fails. SemVer precedence.
///
/// Not `SemanticVersion`: that is strict SemVer (exactly three parts), which `1.0` and `2` are not here.
struct UpgraderVersion: Comparable, Sendable {
    let major: Int
    let minor: Int
    let patch: Int
    let preRelease: [String]

    init?(_ text: String) {
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count, utf8[i] == UInt8(ascii: ".") || (utf8[i] >= 48 && utf8[i] <= 57) { i += 1 }
        guard i > 0 else { return nil }
        let core = String(decoding: utf8[0..<i], as: UTF8.self)
        var pre: [String] = []
        var rest = utf8[i...]
        func isIdentifierCharacter(_ c: UInt8) -> Bool {
            (c >= 48 && c <= 57) || (c | 0x20 >= 97 && c | 0x20 <= 122) || c == UInt8(ascii: "-")
                || c == UInt8(ascii: ".")
        }
        if rest.first == UInt8(ascii: "-") {
            let body = rest.dropFirst().prefix(while: isIdentifierCharacter)
            guard !body.isEmpty else { return nil }
            pre = String(decoding: body, as: UTF8.self).split(separator: ".", omittingEmptySubsequences: false)
                .map(String.init)
            // Version() refuses an empty pre-release segment (`1.0-a..b`).
            guard pre.allSatisfy({ !$0.isEmpty }) else { return nil }
            rest = rest.dropFirst(1 + body.count)
        }
        if rest.first == UInt8(ascii: "+") {
            let body = rest.dropFirst().prefix(while: isIdentifierCharacter)
            guard !body.isEmpty else { return nil }
            rest = rest.dropFirst(1 + body.count)
        }
        guard rest.isEmpty else { return nil }
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false)
        var parsed: [Int] = []
        for n in numbers.prefix(3) {
            // int.parse: an empty component or one past 64 bits fails.
            guard let value = Int(n) else { return nil }
            parsed.append(value)
        }
        major = parsed[0]
        minor = parsed.count > 1 ? parsed[1] : 0
        patch = parsed.count > 2 ? parsed[2] : 0
        preRelease = pre
    }

    static func == (a: UpgraderVersion, b: UpgraderVersion) -> Bool {
        (a.major, a.minor, a.patch) == (b.major, b.minor, b.patch) && a.preRelease == b.preRelease
    }

    static func < (a: UpgraderVersion, b: UpgraderVersion) -> Bool {
        if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) {
            return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
        }
        switch (a.preRelease.isEmpty, b.preRelease.isEmpty) {
        case (true, _): return false
        case (false, true): return true
        case (false, false): break
        }
        for (x, y) in zip(a.preRelease, b.preRelease) where x != y {
            switch (Int(x), Int(y)) {
            case (let u?, let v?): return u < v
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return x < y
            }
        }
        return a.preRelease.count < b.preRelease.count
    }
}
