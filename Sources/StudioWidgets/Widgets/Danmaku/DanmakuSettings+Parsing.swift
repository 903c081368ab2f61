import Foundation
import StudioDomain
import StudioKit

/// Each setting read from a string, as a command line or a form gives it. Every parser
/// throws a `DanmakuSettingsError` that says the value, why it is refused and what is
/// accepted, so a command line passes the message on as it is:
///
/// ```swift
/// settings.opacity = try DanmakuSettings.parseOpacity("0.5")
/// settings.area = try DanmakuSettings.parseArea("half")
/// (settings.hiddenModes, settings.hidesColored) = try DanmakuSettings.parseHidden("top,colored")
/// try settings.blockList.block(pattern: "spoil(er|s)")
/// ```
extension DanmakuSettings {
    /// "0.5" or "50%", from 0.1 to 1.
    package static func parseOpacity(_ text: String) throws(DanmakuSettingsError) -> Double {
        let value = text.trimmingCharacters(in: .whitespaces)
        let number = value.hasSuffix("%") ? Double(value.dropLast()).map { $0 / 100 } : Double(value)
        guard let number, number.isFinite, opacityRange.contains(number) else {
            throw DanmakuSettingsError(setting: "opacity", value: text, reason: "must be a number from 0.1 to 1 (or 10% to 100%)")
        }
        return number
    }

    /// "quarter", "half", "threeQuarters" (or "three-quarters"), "full", or "1/4", "1/2",
    /// "3/4", "1", or "25%", "50%", "75%", "100%".
    package static func parseArea(_ text: String) throws(DanmakuSettingsError) -> DanmakuArea {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "quarter", "1/4", "25%", "0.25": return .quarter
        case "half", "1/2", "50%", "0.5": return .half
        case "threequarters", "three-quarters", "3/4", "75%", "0.75": return .threeQuarters
        case "full", "1", "100%", "all": return .full
        default:
            throw DanmakuSettingsError(
                setting: "area", value: text,
                reason: "must be one of quarter, half, threeQuarters, full (or 1/4, 1/2, 3/4, 1)")
        }
    }

    /// A factor from 0.5 to 2 ("1.5"), or slow, normal, fast.
    package static func parseSpeed(_ text: String) throws(DanmakuSettingsError) -> Double {
        try parseFactor(text, setting: "speed", range: speedRange, names: speeds)
    }

    /// A factor from 0.5 to 2 ("0.8"), or small, normal, large.
    package static func parseScale(_ text: String) throws(DanmakuSettingsError) -> Double {
        try parseFactor(text, setting: "scale", range: fontScaleRange, names: fontScales)
    }

    /// A comma-separated list of what to hide: modes (scroll, top, bottom, reverse,
    /// positioned) and "colored" (or "coloured"); "none" or "" hides nothing.
    package static func parseHidden(_ text: String) throws(DanmakuSettingsError) -> (modes: Set<DanmakuModeKind>, colored: Bool) {
        var modes: Set<DanmakuModeKind> = []
        var colored = false
        for part in text.split(separator: ",") {
            let word = part.trimmingCharacters(in: .whitespaces)
            switch word.lowercased() {
            case "", "none": continue
            case "colored", "coloured", "color", "colour": colored = true
            default:
                guard let kind = DanmakuModeKind.allCases.first(where: { $0.rawValue.lowercased() == word.lowercased() }) else {
                    throw DanmakuSettingsError(
                        setting: "hide", value: text,
                        reason: "'\(word)' is not something to hide; valid: "
                            + (DanmakuModeKind.allCases.map(\.rawValue) + ["colored"]).joined(separator: ", "))
                }
                modes.insert(kind)
            }
        }
        return (modes, colored)
    }

    /// A keyword to block: the text without its surrounding spaces, not empty.
    package static func parseKeyword(_ text: String) throws(DanmakuSettingsError) -> String {
        let word = text.trimmingCharacters(in: .whitespaces)
        guard !word.isEmpty else {
            throw DanmakuSettingsError(setting: "block", value: text, reason: "is empty; give a word or phrase to block")
        }
        return word
    }

    /// A regular expression to block, as given, once it compiles.
    package static func parseBlockPattern(_ text: String) throws(DanmakuSettingsError) -> String {
        _ = try DanmakuPattern.compile(text)
        return text
    }

    /// A user to block: the name without its surrounding spaces, not empty.
    package static func parseUser(_ text: String) throws(DanmakuSettingsError) -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            throw DanmakuSettingsError(setting: "blockUser", value: text, reason: "is empty; give the user's name")
        }
        return name
    }

    /// The most comments shown: a whole number from 1 to 2000, or few, normal, many (many:
    /// no cap, which is nil).
    package static func parseDensity(_ text: String) throws(DanmakuSettingsError) -> Int? {
        let value = text.trimmingCharacters(in: .whitespaces)
        if let named = densities.first(where: { $0.name == value.lowercased() }) { return named.cap }
        guard let number = Int(value), densityRange.contains(number) else {
            throw DanmakuSettingsError(
                setting: "density", value: text,
                reason: "must be a whole number from 1 to 2000, or one of "
                    + densities.map(\.name).joined(separator: ", "))
        }
        return number
    }

    private static func parseFactor(
        _ text: String, setting: String, range: ClosedRange<Double>,
        names: [(name: String, value: Double)]
    ) throws(DanmakuSettingsError) -> Double {
        let value = text.trimmingCharacters(in: .whitespaces)
        if let named = names.first(where: { $0.name == value.lowercased() }) { return named.value }
        guard let number = Double(value), number.isFinite, range.contains(number) else {
            throw DanmakuSettingsError(
                setting: setting, value: text,
                reason: "must be a number from \(range.lowerBound.compact) to \(range.upperBound.compact), or one of "
                    + names.map(\.name).joined(separator: ", "))
        }
        return number
    }
}
