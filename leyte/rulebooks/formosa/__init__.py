"""Operation Causeway: Formosa 1944 (World at War, 2022): the planned Allied invasion of Formosa as a land game.

Not yet a playable game, and so not registered under the ``leyte.games`` entry points: the loader of the counters
and charts (``data.py``) and the first rules (``rules.RULES``: set-up, logistics, recruiting, Amoy, movement,
stacking, ground combat, bases, victory, air planning, superiority and ground support, kamikaze, fleet sortie,
B-29, interdiction, naval gunfire; invasion and transfer raise ``NotYetImplemented``). The data
lives in ``scenarios/formosa/``; the rulings on the rulebook's gaps and OCR garbles, and how each lost chart was
rebuilt, are in ``scenarios/formosa/RULINGS.md``; what is built is listed in ``scenarios/formosa/README.md``.
"""
