/// A document strict JSON refuses only for what its strings hold — a raw control character, an unpaired
/// surrogate escape, bytes that are not UTF-8 — as the Android clients read it: org.json (`JSONTokener.nextString`
/// stops only at the quote and the backslash; checked with Debian's build of Android's org.json) and Moshi
/// (`JsonUtf8Reader.nextQuotedValue`) take such strings, and text that is not UTF-8 is decoded with U+FFFD.
/// Foundation's parser, which every iOS and macOS client uses, refuses them ("Unescaped control character"): a
/// format evaluates the Android reading and rejects the document on Apple platforms (`JSONObject.strictJSONRefusal`).
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
