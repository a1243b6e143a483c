import ArgumentParser

/// Reads an option's value as one of a library enum's cases. Not a conformance of the library's type to
/// `ExpressibleByArgument`: that would be a retroactive conformance of another module's type, which the compiler
/// warns of and the style forbids.
enum ArgumentCase {
    static func parse<Value: RawRepresentable & CaseIterable>(_ text: String) throws -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else {
            let cases = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("'\(text)' is not one of \(cases)")
        }
        return value
    }
}
