"""Rules help for ``/rules topic:``, in our own words (texts: engine/locales/*/rheinlaender.json).

Each topic is ``rheinlaender.topic.<name>``; its display name is ``rheinlaender.topic_name.<name>``.
"""

from engine.text import msg

TOPICS = {
    "overview": msg("rheinlaender.topic.overview"),
    "turn": msg("rheinlaender.topic.turn"),
    "placement": msg("rheinlaender.topic.placement"),
    "reinforcement": msg("rheinlaender.topic.reinforcement"),
    "bastions": msg("rheinlaender.topic.bastions"),
    "duchies": msg("rheinlaender.topic.duchies"),
    "joining": msg("rheinlaender.topic.joining"),
    "castles": msg("rheinlaender.topic.castles"),
    "archbishop": msg("rheinlaender.topic.archbishop"),
    "dukes": msg("rheinlaender.topic.dukes"),
    "end": msg("rheinlaender.topic.end"),
    "hidden": msg("rheinlaender.topic.hidden"),
    "components": msg("rheinlaender.topic.components"),
    # how moves are typed: a move /play cannot read points here, as the other games' do
    "notation": msg("rheinlaender.notation.help"),
}

TOPIC_NAMES = {
    "overview": msg("rheinlaender.topic_name.overview"),
    "turn": msg("rheinlaender.topic_name.turn"),
    "placement": msg("rheinlaender.topic_name.placement"),
    "reinforcement": msg("rheinlaender.topic_name.reinforcement"),
    "bastions": msg("rheinlaender.topic_name.bastions"),
    "duchies": msg("rheinlaender.topic_name.duchies"),
    "joining": msg("rheinlaender.topic_name.joining"),
    "castles": msg("rheinlaender.topic_name.castles"),
    "archbishop": msg("rheinlaender.topic_name.archbishop"),
    "dukes": msg("rheinlaender.topic_name.dukes"),
    "end": msg("rheinlaender.topic_name.end"),
    "hidden": msg("rheinlaender.topic_name.hidden"),
    "components": msg("rheinlaender.topic_name.components"),
    "notation": msg("rheinlaender.topic_name.notation"),
}
