import StudioCLI

StudioCommand.runMain()
