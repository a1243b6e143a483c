/// A long template cut into pieces that are parsed apart and rendered one after another.
///
/// swift-mustache's parser measures the rest of the template (`String.distance`, character by character) at
/// every tag and line, so parsing takes time in the square of the template's length: on the audit's page
/// a large part of a small run. Each piece is parsed alone and the template becomes
/// `{{>piece-0}}{{>piece-1}}…`, which renders the same text: pieces are cut only after a line feed outside
/// every section, so each line — and with it Mustache's rule for tags standing alone on their line — stays
/// whole in one piece, and the pieces' tags sit on one line where none stands alone. Included as an indented
/// partial, the pieces are indented as the whole was: each line after a line feed. A template that changes
/// its delimiters (`{{=`), or whose sections do not pair up, is not cut (the parser then reports its error
/// on the whole text).
enum TemplatePieces {
    /// About how many bytes a piece holds before the next line it may end at.
    static let pieceBytes = 1024

    /// The template's text in pieces that join back to it, or nil when it is not cut.
    static func cut(_ text: String, pieceBytes: Int = TemplatePieces.pieceBytes) -> [String]? {
        let bytes = Array(text.utf8)
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        let lineFeed = UInt8(ascii: "\n")
        var pieces: [String] = []
        var pieceStart = 0
        var depth = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == open, i + 1 < bytes.count, bytes[i + 1] == open {
                var end = i + 2
                while end + 1 < bytes.count, !(bytes[end] == close && bytes[end + 1] == close) { end += 1 }
                guard end + 1 < bytes.count else { return nil }  // a tag left open
                var sigil = i + 2
                while sigil < end, bytes[sigil] == UInt8(ascii: " ") || bytes[sigil] == UInt8(ascii: "\t") {
                    sigil += 1
                }
                switch sigil < end ? bytes[sigil] : 0 {
                case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"): depth += 1
                case UInt8(ascii: "/"): depth -= 1
                case UInt8(ascii: "="): return nil
                default: break
                }
                guard depth >= 0 else { return nil }
                i = end + 2
                continue
            }
            if bytes[i] == lineFeed, depth == 0, i + 1 - pieceStart >= pieceBytes {
                pieces.append(String(decoding: bytes[pieceStart...i], as: UTF8.self))
                pieceStart = i + 1
            }
            i += 1
        }
        guard depth == 0 else { return nil }
        if pieceStart < bytes.count { pieces.append(String(decoding: bytes[pieceStart...], as: UTF8.self)) }
        return pieces.count > 1 ? pieces : nil
    }

    /// The name piece `k` of template `name` is parsed under (a name no file of `Templates/` takes: files end
    /// in `.mustache`).
    static func name(_ k: Int, of name: String) -> String { "\(name)--piece-\(k)" }

    /// The text that renders the pieces in order.
    static func joining(_ count: Int, of name: String) -> String {
        (0..<count).map { "{{>\(Self.name($0, of: name))}}" }.joined()
    }
}
