import StudioDomain
import StudioKit

extension CommentListWidget: CatalogWidget {
    public static let catalogName = "commentList"
    public static var defaultLevel: Double { Levels.commentList }

    /// Options: `capacity` (1...12, default 6), how many comments show at once.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let capacity = try options.int("capacity", default: 6, in: 1...12)
        try options.finish()
        return CommentListWidget(level: level, capacity: capacity)
    }
}
