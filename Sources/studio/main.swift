import StudioCLI
import Studios

StudioApp.main(catalog: .standard)
