"""Glossing a game term with its Chinese once per message (bot/presenters/gloss.py)."""

from bot.presenters.gloss import gloss, gloss_labels, term

STAND = term(("stand", "stands", "stood"), "扣")
BAI = term("bai", "摆")


def test_the_first_use_is_glossed_and_the_later_ones_bare():
    text = "Ann stands (扣)\nTom stands (扣)\nTom stood\nBai, then a bai (摆)"
    assert gloss(text, [STAND, BAI]) == (
        "Ann stands (扣)\nTom stands\nTom stood\nBai (摆), then a bai")


def test_names_and_chinese_are_left_alone():
    assert gloss("Stand Li stands", [STAND], keep=["Stand Li"]) == "Stand Li stands (扣)"
    assert gloss("老王 扣了", [STAND], keep=["老王"]) == "老王 扣了"
    assert gloss("Standard rules", [STAND]) == "Standard rules"  # a whole word only


def test_each_button_of_a_message_after_the_first_is_bare():
    assert gloss_labels(["Bai", "Double bai", "Stand"], [BAI, STAND]) == [
        "Bai (摆)", "Double bai", "Stand (扣)"]


def test_the_games_own_names_are_no_terms():
    yao = term("yao", "幺")
    assert gloss("🔁 Pao Yao · hand #7\nAnn plays Small yao 44A", [yao]) == (
        "🔁 Pao Yao · hand #7\nAnn plays Small yao (幺) 44A")
