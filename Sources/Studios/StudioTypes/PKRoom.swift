import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The PK kind, a 1v1 battle between this room's host (left, red) and an opponent
/// (right, blue, `pkOpponent`'s video). The PK bar counts the round down and announces
/// `.pkEnded` with the winner; the winner banner celebrates it; the studio names the winner
/// in the comments and keeps the tally of rounds on the badge ("2W 1L").
public final class PKRoom: RoomPart, StudioKind {
    public let link = RoomLink()

    public init() {}

    public static let kind = StudioKinds.pk
    public static let requiredWidgets = [PKBarWidget.catalogName, PKOpponentWidget.catalogName]
    public static var defaultFeed: FeedRates { .pk }

    public private(set) var wins = 0
    package private(set) var losses = 0
    package private(set) var draws = 0

    /// The opponent's name, as their video shows it.
    package var opponentName: String {
        room.widget(named: PKOpponentWidget.catalogName, as: PKOpponentWidget.self)?.opponentName ?? "Opponent"
    }

    public func roomDidLoad() {
        listen(to: .pkEnded) { $0.roundEnded($1) }
        room.badgeDetail?.detail = "VS \(opponentName)"
        // The PK stage replaces the full-screen video, whose picture its left half shows:
        // drawn under the stage, the video would cost its frame for nothing and its LIVE
        // label would sit hidden under the stage.
        room.widget(VideoPlayerWidget.self)?.isHidden = true
    }

    private func roundEnded(_ outcome: PKOutcome) {
        switch outcome {
        case .hostWon:
            wins += 1
            room.notices?.postNotice("\(room.room.hostName) wins the PK against \(opponentName)!", from: "PK")
        case .opponentWon:
            losses += 1
            room.notices?.postNotice("\(opponentName) wins the PK against \(room.room.hostName)", from: "PK")
        case .draw:
            draws += 1
            room.notices?.postNotice("The PK ends in a draw", from: "PK")
        }
        room.badgeDetail?.detail = "\(wins)W \(losses)L" + (draws > 0 ? " \(draws)D" : "")
    }
}
