/// Which values of an attribute a group of configs cannot tell apart, per platform
/// (`EvaluableConfig.attributeClass`): the audit's projection writes each value as the first (lowest id)
/// value of its class, so profiles that differ only by such values are one evaluation. On a fleet, 200
/// regions of which a document names one are two cases for it, not 200.
///
/// Only the audit's counts use it: `explain` (`EvaluationCore.decisions`) evaluates the device's own
/// values, which its reasons quote; its tests hold it to the counting path (`enginePathDecisions`).
struct AttributeClasses {
    private let configs: [any EvaluableConfig]
    private let options: FormatOptions
    /// Attributes whose every value is kept (an accumulator reads them: `DecisionAccumulator.reads`).
    private let kept: Set<String>

    /// Copies of one document are not among `configs`: the engine evaluates one of them (`EvaluationCore.run`).
    init(_ configs: [any EvaluableConfig], options: FormatOptions, keeping kept: Set<String> = []) {
        self.configs = configs
        self.options = options
        self.kept = kept
    }

    /// For each value id of attribute column `column` of `store`, the id of the first value of its class on
    /// `platform`; nil when some config may tell every value apart, or every value is a class of its own.
    func representatives(platform: Platform, column: Int, store: ProfileStore) -> [Int32]? {
        let attribute = store.attributeNames[column - ProfileStore.fixedColumns]
        if kept.contains(attribute) { return nil }
        var keys: [@Sendable (String?) -> String] = []
        for config in configs where config.needs.attributes(for: platform).contains(attribute) {
            guard let key = config.attributeClass(platform: platform, attribute: attribute, options: options) else {
                return nil
            }
            keys.append(key)
        }
        let count = store.interners[column]?.texts.count ?? 0
        var first: [String: Int32] = [:]
        var map = [Int32](repeating: 0, count: count)
        for id in 0..<Int32(count) {
            // Id 0 is "absent" (nil), as the configs read it.
            let text = store.text(id: id, column: column)
            let key = keys.map { $0(text) }.joined(separator: "\u{1F}")
            if let known = first[key] {
                map[Int(id)] = known
            } else {
                first[key] = id
                map[Int(id)] = id
            }
        }
        return first.count == count ? nil : map
    }
}
