/// A document strict JSON refuses only for what its strings hold — a raw control character, an unpaired
/// surrogate escape, bytes that are not UTF-8 — as Moshi (the NHS Android app's parser) reads it:
/// `JsonUtf8Reader.nextQuotedValue` stops only at the quote and the backslash, and okio decodes bad UTF-8 as U+FFFD.
/// Foundation's parser, which every iOS and macOS client uses, refuses them ("Unescaped control character"): the
/// format evaluates the Android reading and rejects the document on Apple platforms (`JSONObject.strictJSONRefusal`).
/// (org.json reads these and much more: `OrgJSONReader`.)
enum AndroidLenientStrings {
    /// The document as Android reads it, when strict JSON refuses it only for its strings.
    static func read(_ bytes: [UInt8]) -> JSONValue? {
        guard let root = try? JSONParser.parse(bytes, lenientStrings: true), root.objectValue?.strictJSONRefusal != nil
        else { return nil }
        return root
    }

    /// The words of `config.notStrictJSON` for such a document, the Android clients named.
    static func readers(android: String, apple: String) -> String {
        "\(android) reads it (a raw control character, an unpaired surrogate escape or bytes that are not UTF-8 in a string) and \(apple) refuses it"
    }
}
