/// A device platform as the inventory names it, normalized: `iPadOS` reads as `ios`.
public struct Platform: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let name: String

    package static let ios = Platform(normalized: "ios")
    package static let macos = Platform(normalized: "macos")
    package static let android = Platform(normalized: "android")

    private init(normalized: String) { self.name = normalized }

    public init(_ raw: String) {
        // Most inventories already write the normalized names: no lowercased copy for those.
        switch raw {
        case "android":
            self = .android
            return
        case "ios":
            self = .ios
            return
        case "macos":
            self = .macos
            return
        default: break
        }
        let lowered = raw.lowercased()
        switch lowered {
        // "iPhone OS" is what UIDevice.systemName reported before iOS 10: inventories built from it still carry it.
        case "ios", "ipados", "iphone os", "iphoneos": self = .ios
        case "macos", "osx", "mac os", "mac os x": self = .macos
        default: self.name = lowered
        }
    }

    public var description: String { name }
    public static func < (a: Platform, b: Platform) -> Bool { a.name < b.name }
}
