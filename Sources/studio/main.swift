print("studio")
