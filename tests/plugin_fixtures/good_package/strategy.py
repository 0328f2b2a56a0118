class Zigzag:
    id = "zigzag"
    name = "Zigzag"

    def choose_stroke(self, position, budget_s):
        strokes = position.legal_strokes()
        i, j = strokes[len(strokes) // 2]
        return int(i), int(j)
