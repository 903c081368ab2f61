import StudioDomain
import StudioKit

/// A danmaku setting that cannot be read: which setting, the value as given, and why, said
/// in full (`description`), so a command line or a configuration reader can pass it on as it is.
package struct DanmakuSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The setting, as the configuration names it ("opacity", "blockRegex").
    package var setting: String
    package var value: String
    /// What is wrong and what would be right.
    package var reason: String

    package init(setting: String, value: String, reason: String) {
        self.setting = setting
        self.value = value
        self.reason = reason
    }

    package var description: String { "danmaku \(setting) '\(value)': \(reason)" }
}
