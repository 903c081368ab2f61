import StudioKit

/// A name two modules registered: a widget's catalog name or a studio kind.
package struct RegistrationConflict: Error, Hashable, Sendable, CustomStringConvertible {
    /// "widget" or "studio kind".
    package let what: String
    package let name: String
    /// The registering modules, first registration first.
    package let modules: [String]
    package let fix: String

    package init(what: String, name: String, modules: [String], fix: String) {
        self.what = what
        self.name = name
        self.modules = modules
        self.fix = fix
    }

    package var description: String {
        "\(what) '\(name)' is registered twice, by \(modules.joined(separator: " and by ")); \(fix)"
    }
}

package enum Registry {
    /// The module of a `#fileID` ("LuckyWheel/Wheel.swift" → "LuckyWheel").
    package static func module(ofFileID fileID: String) -> String {
        fileID.split(separator: "/").first.map(String.init) ?? fileID
    }
}
