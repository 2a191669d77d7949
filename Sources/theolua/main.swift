print("theolua")
