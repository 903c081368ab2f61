import StudioCLI
import Studios

StudioApp.main(catalogue: .standard)
