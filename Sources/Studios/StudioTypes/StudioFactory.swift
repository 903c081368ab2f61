import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// Builds rooms from configurations: the configuration's kind picks the type
/// (`StudioTypes`), the catalog builds its widgets. Rooms never build their
/// successors; the session's modules call this.
public struct StudioFactory {
    public let types: StudioTypes
    public let catalog: WidgetCatalog

    public init(types: StudioTypes = .standard, catalog: WidgetCatalog = .standard()) {
        self.types = types
        self.catalog = catalog
    }

    /// A new, not yet loaded room of `config.kind` showing `room`.
    /// - Throws: `UnknownStudioKindError` (listing the valid kinds) for a kind no type
    ///   shows; `ConfigError` when a widget cannot be built from its entry;
    ///   `MissingRoomServiceError`, naming the kinds that provide the service, for a widget
    ///   that needs one the kind's rooms lack.
    public func makeStudio(config: StudioConfig, room: RoomInfo, environment: StudioEnvironment) throws -> Room {
        guard let registration = types.registration(for: config.kind) else {
            throw UnknownStudioKindError(kind: config.kind, validKinds: types.kinds)
        }
        do {
            return try Room(
                config: config, room: room, environment: environment, catalog: catalog,
                parts: registration.makeParts(), opensLive: registration.opensLive)
        } catch var missing as MissingRoomServiceError {
            missing.providingKinds = types.kinds(providing: missing.service)
            throw missing
        }
    }

    /// A new room of `kind`, from the configuration of that kind in `configs` (as
    /// `StudioConfigLoader.loadFolder` returns them).
    /// - Throws: `MissingStudioConfigError` for a kind a type shows but `configs` lacks (its
    ///   file was deleted or moved), `UnknownStudioKindError` listing the kinds `configs` has
    ///   for any other.
    public func makeStudio(
        kind: RoomKind, configs: [RoomKind: StudioConfig], room: RoomInfo,
        environment: StudioEnvironment
    ) throws -> Room {
        guard let config = configs[kind] else {
            if types.registration(for: kind) != nil {
                throw MissingStudioConfigError(kind: kind, loadedKinds: configs.keys.sorted())
            }
            throw UnknownStudioKindError(kind: kind, validKinds: configs.keys.sorted())
        }
        return try makeStudio(config: config, room: room, environment: environment)
    }
}
