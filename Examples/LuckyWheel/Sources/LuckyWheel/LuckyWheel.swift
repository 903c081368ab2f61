import Foundation
import StudioKit
import Studios

/// What this package adds to LiveStudio: the wheel and cheer widgets, the lucky-wheel kind
/// with its configuration, one room of that kind for the demo's directory, the feed of its
/// server's jackpot, and its own images.
public enum LuckyWheel {
    public static var catalog: Catalog {
        Catalog(
            widgets: WidgetCatalog([LuckyWheelWidget.self, CheerWidget.self]),
            kinds: StudioTypes([StudioKindRegistration(LuckyWheelRoom.self, configuration: configuration)]),
            rooms: [
                RoomInfo(
                    id: 120, kind: LuckyWheelRoom.kind, title: "Spin to win: lucky wheel night",
                    hostName: "Lucky Lu", cover: ImageRef("cover-2"), onlineCount: 7_777)
            ],
            // The lucky-wheel server's jackpot, fed beside LiveStudio's chat and gifts.
            components: [{ driver in JackpotFeed(inbox: driver.inbox, kind: LuckyWheelRoom.kind) }],
            // The package's own images, found before LiveStudio's.
            assets: [assets]
        )
    }

    /// `Assets/`, copied into the package's resource bundle: the wheel's coin image.
    public static var assets: URL {
        Bundle.module.url(forResource: "Assets", withExtension: nil) ?? Bundle.module.bundleURL.appendingPathComponent("Assets")
    }

    /// `studios/luckyWheel.json`, copied into the package's resource bundle.
    public static var configuration: URL {
        Bundle.module.url(forResource: "studios/\(LuckyWheelRoom.kind)", withExtension: "json")
            ?? Bundle.module.bundleURL.appendingPathComponent("studios/\(LuckyWheelRoom.kind).json")
    }
}
