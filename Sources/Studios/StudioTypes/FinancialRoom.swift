import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The financial kind, a financial live (a stock analyst's room): the price ticker. The
/// badge follows the quote ("AAPL +1.24%"), and a move past ±2% from the open is told in
/// the comments once per crossing.
public final class FinancialRoom: RoomPart, StudioKind {
    public let link = RoomLink()

    public init() {}

    public static let kind = StudioKinds.financial
    public static let requiredWidgets = [PriceTickerWidget.catalogName]
    public static var defaultFeed: FeedRates { .financial }
    /// The move from the open, in percent, that the room is told about.
    package static let alertPercent = 2.0

    /// -1 below -alert, 0 within, 1 above +alert.
    package private(set) var alertZone = 0
    private var shownPrice: Double?
    private var ticker: PriceTickerWidget?

    public func roomDidLoad() {
        ticker = room.widget(named: PriceTickerWidget.catalogName, as: PriceTickerWidget.self)
        refresh()
    }

    public func didUpdate(_ step: FrameStep) {
        refresh()
    }

    /// Rebuilds the badge only when the price moved (a tick or two a second).
    private func refresh() {
        guard let ticker, ticker.price != shownPrice else { return }
        shownPrice = ticker.price
        room.badgeDetail?.detail = "\(ticker.symbol) \(ticker.changeText)"
        let change = ticker.changePercent
        let zone = change >= Self.alertPercent ? 1 : (change <= -Self.alertPercent ? -1 : 0)
        if zone != alertZone {
            alertZone = zone
            if zone != 0 {
                room.notices?.postNotice(
                    "\(ticker.symbol) is \(zone > 0 ? "up" : "down") more than \(Int(Self.alertPercent))% today",
                    from: "Market")
            }
        }
    }
}
