import Mustache

/// A template context read by name through a table of key paths. Mustache otherwise finds a name by
/// reflecting the value (`Mirror`) and building every field to compare labels, on every lookup: on the
/// audit's HTML page, with a cell per outcome per rule, that was most of a small run's time. Each table
/// lists every stored property under its own name; `MustacheFieldsTests` holds each to its type's fields.
/// (Key paths are not `Sendable`; the tables are constants, read and never changed: `nonisolated(unsafe)`.)
protocol MustacheFields: MustacheParent {
    static var fields: [String: PartialKeyPath<Self>] { get }
}

extension MustacheFields {
    func child(named name: String) -> Any? { Self.fields[name].map { self[keyPath: $0] } }
}
