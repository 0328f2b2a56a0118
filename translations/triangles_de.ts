<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>BoardDescription</name>
    <message>
        <source>custom board</source>
        <translation>eigenes Spielfeld</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Smartphone</translation>
    </message>
    <message>
        <source>Tablet</source>
        <translation>Tablet</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n star(s)</source>
        <translation>
            <numerusform>%1 · %n Stern</numerusform>
            <numerusform>%1 · %n Sterne</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BoardWords</name>
    <message>
        <source>top left</source>
        <translation>oben links</translation>
    </message>
    <message>
        <source>top</source>
        <translation>oben</translation>
    </message>
    <message>
        <source>top right</source>
        <translation>oben rechts</translation>
    </message>
    <message>
        <source>left</source>
        <translation>links</translation>
    </message>
    <message>
        <source>centre</source>
        <translation>in der Mitte</translation>
    </message>
    <message>
        <source>right</source>
        <translation>rechts</translation>
    </message>
    <message>
        <source>bottom left</source>
        <translation>unten links</translation>
    </message>
    <message>
        <source>bottom</source>
        <translation>unten</translation>
    </message>
    <message>
        <source>bottom right</source>
        <translation>unten rechts</translation>
    </message>
    <message>
        <source>Star %1, %2</source>
        <translation>Stern %1, %2</translation>
    </message>
    <message>
        <source>no stroke yet</source>
        <translation>noch keine Linie</translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) from it</source>
        <translation>
            <numerusform>%n Linie geht von ihm aus</numerusform>
            <numerusform>%n Linien gehen von ihm aus</numerusform>
        </translation>
    </message>
    <message>
        <source>Stroke %1 by %2, from star %3 to star %4</source>
        <translation>Linie %1 von %2, von Stern %3 zu Stern %4</translation>
    </message>
    <message numerus="yes">
        <source>closed %n triangle(s)</source>
        <translation>
            <numerusform>hat %n Dreieck geschlossen</numerusform>
            <numerusform>hat %n Dreiecke geschlossen</numerusform>
        </translation>
    </message>
    <message>
        <source>Triangle of stars %1, %2 and %3, %4’s</source>
        <translation>Dreieck aus den Sternen %1, %2 und %3, gehört %4</translation>
    </message>
    <message>
        <source>%1 drew a stroke from %2 to %3</source>
        <translation>%1 hat eine Linie von %2 zu %3 gezogen</translation>
    </message>
    <message>
        <source>star %1 (%2)</source>
        <translation>Stern %1 (%2)</translation>
    </message>
    <message>
        <source>Score: %1 %2, %3 %4</source>
        <translation>Stand: %1 %2, %3 %4</translation>
    </message>
    <message>
        <source>Picked %1: now choose the other end.</source>
        <translation>%1 gewählt: jetzt das andere Ende wählen.</translation>
    </message>
    <message>
        <source>Hint: from %1 to %2.</source>
        <translation>Tipp: von %1 zu %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n Stern</numerusform>
            <numerusform>%n Sterne</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) drawn</source>
        <translation>
            <numerusform>%n Linie gezogen</numerusform>
            <numerusform>%n Linien gezogen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>Coach</name>
    <message>
        <source>Skip the guide</source>
        <translation>Anleitung überspringen</translation>
    </message>
    <message>
        <source>Got it</source>
        <translation>Verstanden</translation>
    </message>
    <message>
        <source>Welcome! Players take turns drawing straight strokes between stars. Click a star to pick it: the marked one, for example.</source>
        <translation>Willkommen! Die Spieler ziehen abwechselnd gerade Linien zwischen Sternen. Klicke auf einen Stern, um ihn zu wählen – zum Beispiel auf den markierten.</translation>
    </message>
    <message>
        <source>Now click another star: a stroke joins the two. A stroke may not cross another stroke or pass over a star. Click the picked star again to let it go.</source>
        <translation>Klicke jetzt auf einen anderen Stern: Eine Linie verbindet die beiden. Eine Linie darf keine andere Linie kreuzen und nicht über einen Stern verlaufen. Ein zweiter Klick auf den gewählten Stern lässt ihn los.</translation>
    </message>
    <message>
        <source>Well drawn! Now the computer plays, then you again. Watch for three stars that two strokes already join.</source>
        <translation>Gut gezogen! Jetzt spielt der Computer, dann wieder du. Achte auf drei Sterne, die schon zwei Linien verbinden.</translation>
    </message>
    <message>
        <source>Close an empty triangle to score a point: the marked stroke closes one. Draw it!</source>
        <translation>Schließe ein leeres Dreieck, um einen Punkt zu bekommen: Die markierte Linie schließt eins. Zieh sie!</translation>
    </message>
    <message>
        <source>A triangle: one point! The game ends when no triangle can be closed any more; the most triangles wins. Game &gt; Hint (H) shows a good stroke any time.</source>
        <translation>Ein Dreieck: ein Punkt! Das Spiel endet, wenn sich kein Dreieck mehr schließen lässt; wer die meisten Dreiecke hat, gewinnt. Spiel &gt; Tipp (H) zeigt jederzeit eine gute Linie.</translation>
    </message>
</context>
<context>
    <name>Counted</name>
    <message numerus="yes">
        <source>%n stroke(s) taken back</source>
        <translation>
            <numerusform>%n Linie zurückgenommen</numerusform>
            <numerusform>%n Linien zurückgenommen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) drawn again</source>
        <translation>
            <numerusform>%n Linie erneut gezogen</numerusform>
            <numerusform>%n Linien erneut gezogen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EnginesDialog</name>
    <message>
        <source>“%1” cannot be used as a name: it is empty, too long, or taken.</source>
        <translation>„%1“ kann nicht als Name dienen: Er ist leer, zu lang oder schon vergeben.</translation>
    </message>
    <message>
        <source>Checking “%1”…</source>
        <translation>„%1“ wird geprüft …</translation>
    </message>
    <message>
        <source>“%1” did not answer as a Triangles engine, so it was not added.</source>
        <translation>„%1“ hat nicht wie eine Triangles-Engine geantwortet und wurde daher nicht hinzugefügt.</translation>
    </message>
    <message>
        <source>Choose an engine program</source>
        <translation>Engine-Programm wählen</translation>
    </message>
    <message>
        <source>Engine name</source>
        <translation>Name der Engine</translation>
    </message>
    <message>
        <source>The name players see:</source>
        <translation>Der Name, den die Spieler sehen:</translation>
    </message>
    <message>
        <source>Engines</source>
        <translation>Engines</translation>
    </message>
    <message>
        <source>Technical details (in English):</source>
        <translation>Technische Details (auf Englisch):</translation>
    </message>
    <message>
        <source>Computer players that are programs of their own, written in any language. Each one added here can be chosen as the opponent in the New game window.</source>
        <translation>Computergegner, die eigene Programme sind, in einer beliebigen Sprache geschrieben. Jeder hier hinzugefügte kann im Fenster „Neues Spiel“ als Gegner gewählt werden.</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen …</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>did not answer in time</source>
        <translation>hat nicht rechtzeitig geantwortet</translation>
    </message>
    <message>
        <source>“%1” failed again (%2); a simple player takes its place for the rest of this game.</source>
        <translation>„%1“ ist erneut gescheitert (%2); für den Rest des Spiels spielt ein einfacher Spieler an seiner Stelle.</translation>
    </message>
    <message>
        <source>The computer player “%1” failed (%2); a simple stroke was played instead.</source>
        <translation>Der Computergegner „%1“ ist gescheitert (%2); stattdessen wurde eine einfache Linie gezogen.</translation>
    </message>
    <message>
        <source>its code raised %1</source>
        <translation>sein Code hat %1 ausgelöst</translation>
    </message>
    <message>
        <source>it chose a stroke that cannot be drawn</source>
        <translation>er wählte eine Linie, die nicht gezogen werden kann</translation>
    </message>
    <message>
        <source>still busy with an earlier move</source>
        <translation>ist noch mit einem früheren Zug beschäftigt</translation>
    </message>
    <message>
        <source>its program stopped, or answered what the game does not understand</source>
        <translation>sein Programm wurde beendet oder antwortete etwas, das das Spiel nicht versteht</translation>
    </message>
</context>
<context>
    <name>GameOverDialog</name>
    <message numerus="yes">
        <source>Biggest turn: %n triangle(s), by both players</source>
        <translation>
            <numerusform>Größter Zug: %n Dreieck, bei beiden Spielern</numerusform>
            <numerusform>Größter Zug: %n Dreiecke, bei beiden Spielern</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Biggest turn: %1 closed %n triangle(s)</source>
        <translation>
            <numerusform>Größter Zug: %1 schloss %n Dreieck</numerusform>
            <numerusform>Größter Zug: %1 schloss %n Dreiecke</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Longest run: %1 drew %n stroke(s) in a row</source>
        <translation>
            <numerusform>Längste Serie: %1 zog %n Linie hintereinander</numerusform>
            <numerusform>Längste Serie: %1 zog %n Linien hintereinander</numerusform>
        </translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Spielende</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Noch ein Spiel</translation>
    </message>
    <message>
        <source>New game…</source>
        <translation>Neues Spiel…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>The score over the game</source>
        <translation>Der Punktestand im Lauf des Spiels</translation>
    </message>
</context>
<context>
    <name>HintTexts</name>
    <message numerus="yes">
        <source>Hint: the highlighted stroke closes %n triangle(s).</source>
        <translation>
            <numerusform>Tipp: Die hervorgehobene Linie schließt %n Dreieck.</numerusform>
            <numerusform>Tipp: Die hervorgehobene Linie schließt %n Dreiecke.</numerusform>
        </translation>
    </message>
    <message>
        <source>Hint: the highlighted stroke is safe: it gives nothing away.</source>
        <translation>Tipp: Die hervorgehobene Linie ist sicher: Sie gibt nichts ab.</translation>
    </message>
    <message numerus="yes">
        <source>Hint: no safe stroke is left; the highlighted one gives away the fewest: %n triangle(s).</source>
        <translation>
            <numerusform>Tipp: Es gibt keine sichere Linie mehr; die hervorgehobene gibt am wenigsten ab: %n Dreieck.</numerusform>
            <numerusform>Tipp: Es gibt keine sichere Linie mehr; die hervorgehobene gibt am wenigsten ab: %n Dreiecke.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you then take a run of at least %n triangle(s).</source>
        <translation>
            <numerusform>danach holst du dir eine Serie von mindestens %n Dreieck.</numerusform>
            <numerusform>danach holst du dir eine Serie von mindestens %n Dreiecken.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Hint: the highlighted stroke gives %n triangle(s) to keep control</source>
        <translation>
            <numerusform>Tipp: Die hervorgehobene Linie gibt %n Dreieck ab, um die Kontrolle zu behalten</numerusform>
            <numerusform>Tipp: Die hervorgehobene Linie gibt %n Dreiecke ab, um die Kontrolle zu behalten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Hint: the highlighted stroke gives %n triangle(s) now for a better end.</source>
        <translation>
            <numerusform>Tipp: Die hervorgehobene Linie gibt jetzt %n Dreieck ab, für ein besseres Ende.</numerusform>
            <numerusform>Tipp: Die hervorgehobene Linie gibt jetzt %n Dreiecke ab, für ein besseres Ende.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryDialog</name>
    <message>
        <source>Play again after a triangle</source>
        <translation>Nach einem Dreieck nochmal spielen</translation>
    </message>
    <message>
        <source>One stroke per turn</source>
        <translation>Eine Linie pro Zug</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gewonnen</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Verloren</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <source>Abandoned</source>
        <translation>Aufgegeben</translation>
    </message>
    <message>
        <source>You resigned</source>
        <translation>Du hast aufgegeben</translation>
    </message>
    <message>
        <source>Friend resigned</source>
        <translation>Freund hat aufgegeben</translation>
    </message>
    <message>
        <source>You left</source>
        <translation>Du bist gegangen</translation>
    </message>
    <message>
        <source>Friend left</source>
        <translation>Freund ist gegangen</translation>
    </message>
    <message>
        <source>Stopped: refused</source>
        <translation>Abgebrochen: abgelehnt</translation>
    </message>
    <message>
        <source>Connection lost</source>
        <translation>Verbindung verloren</translation>
    </message>
    <message>
        <source>This game&apos;s record could not be read.</source>
        <translation>Die Aufzeichnung dieses Spiels konnte nicht gelesen werden.</translation>
    </message>
    <message numerus="yes">
        <source>Stroke %1 of %n</source>
        <translation>
            <numerusform>Linie %1 von %n</numerusform>
            <numerusform>Linie %1 von %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Play on from the stroke shown, on the main board, as a new game.</source>
        <translation>Ab der gezeigten Linie auf dem Hauptspielfeld als neues Spiel weiterspielen.</translation>
    </message>
    <message>
        <source>The game is over here: step back to play on from an earlier stroke.</source>
        <translation>Hier ist das Spiel zu Ende: geh zurück, um ab einer früheren Linie weiterzuspielen.</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Play the strokes one by one</source>
        <translation>Die Linien nacheinander abspielen</translation>
    </message>
    <message>
        <source>Game history</source>
        <translation>Spielverlauf</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Gegner</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Spielfeld</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>No finished games yet. Every game you finish is kept here to replay.</source>
        <translation>Noch keine beendeten Spiele. Jedes Spiel, das du beendest, wird hier zum Nachspielen aufbewahrt.</translation>
    </message>
    <message>
        <source>First stroke</source>
        <translation>Erste Linie</translation>
    </message>
    <message>
        <source>Previous stroke</source>
        <translation>Vorige Linie</translation>
    </message>
    <message>
        <source>Next stroke</source>
        <translation>Nächste Linie</translation>
    </message>
    <message>
        <source>Last stroke</source>
        <translation>Letzte Linie</translation>
    </message>
    <message>
        <source>Stroke</source>
        <translation>Linie</translation>
    </message>
    <message>
        <source>Co&amp;ntinue this game</source>
        <translation>Dieses Spiel &amp;fortsetzen</translation>
    </message>
    <message numerus="yes">
        <source>The newest %1 of your %Ln game(s) are listed.</source>
        <translation>
            <numerusform>Die neueste %1 deiner %Ln Partie ist aufgeführt.</numerusform>
            <numerusform>Die neuesten %1 deiner %Ln Partien sind aufgeführt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HowToPlayDialog</name>
    <message>
        <source>How to play</source>
        <translation>Spielanleitung</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Neues Spiel…</translation>
    </message>
    <message>
        <source>Play on&amp;line…</source>
        <translation>On&amp;line spielen …</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>&amp;Tipp</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>Stat&amp;istik…</translation>
    </message>
    <message>
        <source>Histor&amp;y…</source>
        <translation>&amp;Verlauf…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Plugins…</source>
        <translation>&amp;Plugins…</translation>
    </message>
    <message>
        <source>&amp;Engines…</source>
        <translation>&amp;Engines …</translation>
    </message>
    <message>
        <source>&amp;How to play</source>
        <translation>&amp;Spielanleitung</translation>
    </message>
    <message>
        <source>&amp;Guided first game</source>
        <translation>&amp;Geführtes erstes Spiel</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>Vergrößer&amp;n</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Whole board</source>
        <translation>&amp;Ganzes Spielfeld</translation>
    </message>
    <message>
        <source>&amp;About Triangles</source>
        <translation>Ü&amp;ber Triangles</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Spiel</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Abandon and start</source>
        <translation>Aufgeben und beginnen</translation>
    </message>
    <message>
        <source>Against the computer, a game abandoned counts as lost.</source>
        <translation>Gegen den Computer zählt ein aufgegebenes Spiel als verloren.</translation>
    </message>
    <message>
        <source>Keep playing</source>
        <translation>Weiterspielen</translation>
    </message>
    <message>
        <source>Guided first game</source>
        <translation>Geführtes erstes Spiel</translation>
    </message>
    <message>
        <source>Abandon the game in progress and start the guided game?</source>
        <translation>Das laufende Spiel aufgeben und das geführte Spiel beginnen?</translation>
    </message>
    <message>
        <source>%1 drew %2–%3</source>
        <translation>%1 hat %2–%3 gezogen</translation>
    </message>
    <message numerus="yes">
        <source>%1 drew %2–%3 and closed %n triangle(s)</source>
        <translation>
            <numerusform>%1 hat %2–%3 gezogen und %n Dreieck geschlossen</numerusform>
            <numerusform>%1 hat %2–%3 gezogen und %n Dreiecke geschlossen</numerusform>
        </translation>
    </message>
    <message>
        <source>Continue this game</source>
        <translation>Dieses Spiel fortsetzen</translation>
    </message>
    <message>
        <source>Abandon the game in progress and continue the one from History?</source>
        <translation>Das laufende Spiel aufgeben und das aus dem Verlauf fortsetzen?</translation>
    </message>
    <message>
        <source>Abandon and continue</source>
        <translation>Aufgeben und fortsetzen</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Spielfeld</translation>
    </message>
    <message>
        <source>Click a star, then another, to draw a stroke. Keyboard: arrows or Tab to move between stars, Enter or Space to pick, Esc to cancel.</source>
        <translation>Klicke auf einen Stern und dann auf einen zweiten, um eine Linie zu ziehen. Tastatur: Pfeiltasten oder Tab wechseln zwischen Sternen, Eingabe oder Leertaste wählt aus, Esc bricht ab.</translation>
    </message>
    <message>
        <source>Triangles</source>
        <translation>Triangles</translation>
    </message>
    <message>
        <source>%1 – Triangles</source>
        <translation>%1 – Triangles</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <source>Abandon the game in progress and start a new one?</source>
        <translation>Das laufende Spiel abbrechen und ein neues beginnen?</translation>
    </message>
    <message>
        <source>Player 1</source>
        <translation>Spieler 1</translation>
    </message>
    <message>
        <source>Player 2</source>
        <translation>Spieler 2</translation>
    </message>
    <message>
        <source>Computer (%1)</source>
        <translation>Computer (%1)</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>The computer player “%1” is not installed; “%2” plays instead.</source>
        <translation>Der Computergegner „%1“ ist nicht installiert; stattdessen spielt „%2“.</translation>
    </message>
    <message>
        <source>Computer player not installed</source>
        <translation>Computergegner nicht installiert</translation>
    </message>
    <message>
        <source>The theme “%1” is not installed; %2 is shown instead.</source>
        <translation>Das Design „%1“ ist nicht installiert; stattdessen wird %2 gezeigt.</translation>
    </message>
    <message>
        <source>Your friend is asked to take back your last stroke…</source>
        <translation>Dein Gegenüber wird gefragt, ob deine letzte Linie zurückgenommen werden darf …</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 geöffnet.</translation>
    </message>
    <message>
        <source>%1 had resigned there; the game can be played on.</source>
        <translation>%1 hatte hier aufgegeben; das Spiel kann weitergehen.</translation>
    </message>
    <message>
        <source>%1 had left there; the game can be played on.</source>
        <translation>%1 war hier gegangen; das Spiel kann weitergehen.</translation>
    </message>
    <message>
        <source>It had stopped there: what %1 sent was refused. The game can be played on.</source>
        <translation>Das Spiel endete hier: Was %1 sendete, wurde abgelehnt. Es kann weitergehen.</translation>
    </message>
    <message>
        <source>It had stopped there: the connection was lost. The game can be played on.</source>
        <translation>Das Spiel endete hier: Die Verbindung ging verloren. Es kann weitergehen.</translation>
    </message>
    <message>
        <source>Another program is using the statistics; this game is kept and will be counted when the file is free.</source>
        <translation>Ein anderes Programm verwendet die Statistik; diese Partie wird aufbewahrt und gezählt, sobald die Datei frei ist.</translation>
    </message>
    <message>
        <source>The disk is full; this game is kept and will be counted when there is space.</source>
        <translation>Der Datenträger ist voll; diese Partie wird aufbewahrt und gezählt, sobald wieder Platz ist.</translation>
    </message>
    <message>
        <source>The statistics file cannot be written (it is read-only); this game is kept and will be counted when it can be.</source>
        <translation>Die Statistikdatei kann nicht geschrieben werden (sie ist schreibgeschützt); diese Partie wird aufbewahrt und gezählt, sobald es geht.</translation>
    </message>
    <message>
        <source>The statistics could not be saved (%1); this game is kept.</source>
        <translation>Die Statistik konnte nicht gespeichert werden (%1); diese Partie wird aufbewahrt.</translation>
    </message>
    <message>
        <source>The last game&apos;s result is now counted in the statistics.</source>
        <translation>Das Ergebnis der letzten Partie ist jetzt in der Statistik gezählt.</translation>
    </message>
    <message>
        <source>The statistics file was damaged; it was kept as %1 and counting started again.</source>
        <translation>Die Statistikdatei war beschädigt; sie wurde als %1 aufbewahrt, und die Zählung begann von vorn.</translation>
    </message>
    <message>
        <source>The %1 translation is missing or damaged; using English.</source>
        <translation>Die Übersetzung „%1“ fehlt oder ist beschädigt; es wird Englisch verwendet.</translation>
    </message>
    <message>
        <source>Abandon the game in progress and open another one?</source>
        <translation>Das laufende Spiel abbrechen und ein anderes öffnen?</translation>
    </message>
    <message>
        <source>Could not open the game</source>
        <translation>Das Spiel konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Could not save the game</source>
        <translation>Das Spiel konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>The unfinished game saved last time could not be read, and was removed.</source>
        <translation>Das beim letzten Mal gespeicherte, nicht beendete Spiel konnte nicht gelesen werden und wurde entfernt.</translation>
    </message>
    <message>
        <source>Resume game</source>
        <translation>Spiel fortsetzen</translation>
    </message>
    <message>
        <source>Stroke taken back</source>
        <translation>Linie zurückgenommen</translation>
    </message>
    <message>
        <source>Looking for a good stroke…</source>
        <translation>Suche nach einer guten Linie…</translation>
    </message>
    <message numerus="yes">
        <source>%n plugin(s) or theme(s) could not be loaded: see Settings &gt; Plugins.</source>
        <translation>
            <numerusform>%n Plugin oder Design konnte nicht geladen werden: siehe Einstellungen &gt; Plugins.</numerusform>
            <numerusform>%n Plugins oder Designs konnten nicht geladen werden: siehe Einstellungen &gt; Plugins.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: the file could not be read.</source>
        <translation>„%1“ kann nicht geöffnet werden: Die Datei konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>“%1” was saved by a newer version of Triangles.</source>
        <translation>„%1“ wurde mit einer neueren Version von Triangles gespeichert.</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: it is a folder, not a saved game.</source>
        <translation>„%1“ kann nicht geöffnet werden: Es ist ein Ordner, kein gespeichertes Spiel.</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: it is not a file but a pipe, a device or a socket.</source>
        <translation>„%1“ kann nicht geöffnet werden: Es ist keine Datei, sondern eine Pipe, ein Gerät oder ein Socket.</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: it is a link that leads back to itself, never to a file.</source>
        <translation>„%1“ kann nicht geöffnet werden: Es ist ein Verweis, der auf sich selbst zurückführt und nie zu einer Datei.</translation>
    </message>
    <message>
        <source>“%1” is not a Triangles game, or it is damaged.</source>
        <translation>„%1“ ist kein Triangles-Spiel oder ist beschädigt.</translation>
    </message>
    <message>
        <source>Abandon and open</source>
        <translation>Aufgeben und öffnen</translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation>Datei ersetzen?</translation>
    </message>
    <message>
        <source>“%1” already exists. Do you want to replace it?</source>
        <translation>„%1“ existiert bereits. Möchtest du die Datei ersetzen?</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>&amp;Ersetzen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>An unfinished game from %1 was kept. Resume it?</source>
        <translation>Ein nicht beendetes Spiel vom %1 wurde aufbewahrt. Fortsetzen?</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>Not &amp;now</source>
        <translation>&amp;Nicht jetzt</translation>
    </message>
    <message>
        <source>“%1” could not be written. The game goes on; try another folder or name.</source>
        <translation>„%1“ konnte nicht geschrieben werden. Das Spiel geht weiter; versuch es mit einem anderen Ordner oder Namen.</translation>
    </message>
    <message>
        <source>The game could not be autosaved: the disk is full. It goes on; free some space, or save it with Save As.</source>
        <translation>Das Spiel konnte nicht automatisch gespeichert werden: Der Datenträger ist voll. Das Spiel geht weiter; schaff Platz oder speichere es mit „Speichern unter“.</translation>
    </message>
    <message>
        <source>The game could not be autosaved: %1 is not writable. It goes on; save it with Save As.</source>
        <translation>Das Spiel konnte nicht automatisch gespeichert werden: In %1 darf nicht geschrieben werden. Das Spiel geht weiter; speichere es mit „Speichern unter“.</translation>
    </message>
    <message>
        <source>The game could not be autosaved. It goes on; save it with Save As.</source>
        <translation>Das Spiel konnte nicht automatisch gespeichert werden. Das Spiel geht weiter; speichere es mit „Speichern unter“.</translation>
    </message>
    <message>
        <source>The unfinished game saved last time could not be read; it was kept as %1.</source>
        <translation>Das beim letzten Mal gespeicherte, nicht beendete Spiel konnte nicht gelesen werden; es wurde als %1 aufbewahrt.</translation>
    </message>
    <message>
        <source>Stroke drawn again</source>
        <translation>Linie wiederhergestellt</translation>
    </message>
    <message numerus="yes">
        <source>%1 closed %n triangle(s)</source>
        <translation>
            <numerusform>%1: %n Dreieck geschlossen</numerusform>
            <numerusform>%1: %n Dreiecke geschlossen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 – %3 %4</source>
        <translation>%1 %2 – %3 %4</translation>
    </message>
    <message>
        <source>Draw!</source>
        <translation>Unentschieden!</translation>
    </message>
    <message>
        <source>You won!</source>
        <translation>Du hast gewonnen!</translation>
    </message>
    <message>
        <source>You lost!</source>
        <translation>Du hast verloren!</translation>
    </message>
    <message>
        <source>%1 wins!</source>
        <translation>%1 gewinnt!</translation>
    </message>
    <message>
        <source>The computer is thinking…</source>
        <translation>Der Computer denkt nach…</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>Du bist am Zug</translation>
    </message>
    <message>
        <source>%1’s turn</source>
        <translation>%1 ist am Zug</translation>
    </message>
    <message>
        <source>Triangle! Play again</source>
        <translation>Dreieck! Du bist noch einmal dran</translation>
    </message>
    <message>
        <source>Triangle! %1 plays again</source>
        <translation>Dreieck! %1 ist noch einmal dran</translation>
    </message>
    <message>
        <source>simple player</source>
        <translation>einfacher Spieler</translation>
    </message>
    <message>
        <source>“%1” failed three times; a simple player plays in its place until this game ends.</source>
        <translation>„%1“ ist dreimal gescheitert; bis zum Ende dieses Spiels spielt ein einfacher Spieler an seiner Stelle.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Triangles %1&lt;/h3&gt;&lt;p&gt;Draw strokes between stars, close empty triangles and outscore your opponent.&lt;/p&gt;&lt;p&gt;Free software under the GNU GPL, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Triangles %1&lt;/h3&gt;&lt;p&gt;Ziehe Linien zwischen Sternen, schließe leere Dreiecke und hol mehr Punkte als dein Gegner.&lt;/p&gt;&lt;p&gt;Freie Software unter der GNU GPL, Version 3 oder neuer.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About Triangles</source>
        <translation>Über Triangles</translation>
    </message>
    <message>
        <source>Technical details (in English):</source>
        <translation>Technische Details (auf Englisch):</translation>
    </message>
    <message>
        <source>Triangles games (*.triangles)</source>
        <translation>Triangles-Spiele (*.triangles)</translation>
    </message>
    <message>
        <source>Triangles game</source>
        <translation>Triangles-Spiel</translation>
    </message>
    <message>
        <source>Open game</source>
        <translation>Spiel öffnen</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>Spiel speichern</translation>
    </message>
</context>
<context>
    <name>MotionMenu</name>
    <message>
        <source>&amp;Motion</source>
        <translation>&amp;Bewegung</translation>
    </message>
    <message>
        <source>As the &amp;desktop is set</source>
        <translation>Wie der &amp;Desktop eingestellt ist</translation>
    </message>
    <message>
        <source>&amp;Full motion</source>
        <translation>&amp;Volle Bewegung</translation>
    </message>
    <message>
        <source>&amp;Reduced motion</source>
        <translation>&amp;Reduzierte Bewegung</translation>
    </message>
    <message>
        <source>Strokes appear at once and nothing on the board travels.</source>
        <translation>Linien erscheinen sofort, und nichts wandert über das Spielfeld.</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>New game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <source>Board (star cloud)</source>
        <translation>Spielfeld (Sternenwolke)</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Smartphone</translation>
    </message>
    <message>
        <source>Tablet</source>
        <translation>Tablet</translation>
    </message>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n Stern</numerusform>
            <numerusform>%n Sterne</numerusform>
        </translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Gegner</translation>
    </message>
    <message>
        <source>The &amp;computer</source>
        <translation>Der &amp;Computer</translation>
    </message>
    <message>
        <source>A &amp;friend on this computer</source>
        <translation>&amp;Jemand an diesem Computer</translation>
    </message>
    <message>
        <source>The computer</source>
        <translation>Der Computer</translation>
    </message>
    <message>
        <source>%1 (engine)</source>
        <translation>%1 (Engine)</translation>
    </message>
    <message>
        <source>&amp;Play again after a triangle</source>
        <translation>&amp;Nach einem Dreieck nochmal spielen</translation>
    </message>
    <message>
        <source>Takes a triangle when it sees one; otherwise draws anywhere.</source>
        <translation>Schließt ein Dreieck, wenn es eines sieht; sonst zieht es irgendwo eine Linie.</translation>
    </message>
    <message>
        <source>Takes the best triangle; otherwise avoids handing you one.</source>
        <translation>Schließt das beste Dreieck; sonst vermeidet es, dir eines zu überlassen.</translation>
    </message>
    <message>
        <source>Looks ahead, plays the endgame exactly and fights for the last stroke.</source>
        <translation>Denkt voraus, spielt das Endspiel exakt und kämpft um die letzte Linie.</translation>
    </message>
    <message>
        <source>&amp;Strength:</source>
        <translation>Spiel&amp;stärke:</translation>
    </message>
    <message>
        <source>&amp;Who starts:</source>
        <translation>&amp;Wer beginnt:</translation>
    </message>
    <message>
        <source>Player &amp;%1:</source>
        <translation>Spieler &amp;%1:</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>%1 (plugin)</source>
        <translation>%1 (Plugin)</translation>
    </message>
    <message>
        <source>Player %1</source>
        <translation>Spieler %1</translation>
    </message>
    <message>
        <source>A player whose stroke closes a triangle draws another stroke at once.</source>
        <translation>Wer mit seiner Linie ein Dreieck schließt, zieht sofort noch eine Linie.</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
</context>
<context>
    <name>OnlineDialog</name>
    <message>
        <source>Play again after a triangle</source>
        <translation>Nach einem Dreieck nochmal spielen</translation>
    </message>
    <message>
        <source>Type the game code your friend gave you: like 4821-amber-oyster.</source>
        <translation>Gib den Spielcode ein, den dir dein Freund gegeben hat: etwa 4821-amber-oyster.</translation>
    </message>
    <message>
        <source>Type the address your friend gave you: HOST:PORT.</source>
        <translation>Gib die Adresse ein, die du bekommen hast: HOST:PORT.</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>Online spielen</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>Dein &amp;Name:</translation>
    </message>
    <message>
        <source>Re&amp;lay (optional):</source>
        <translation>&amp;Relais (optional):</translation>
    </message>
    <message>
        <source>For games by code when the router forwards no port: a relay&apos;s HOST:PORT, the same for you and your friend. Anyone can run a relay on a computer of their own.</source>
        <translation>Für Spiele per Code, wenn der Router keinen Port weiterleitet: HOST:PORT eines Relais, für dich und deinen Freund dasselbe. Jeder kann ein Relais auf einem eigenen Computer betreiben.</translation>
    </message>
    <message>
        <source>&amp;Host a game</source>
        <translation>Spiel &amp;anbieten</translation>
    </message>
    <message>
        <source>&amp;Join a game</source>
        <translation>Spiel &amp;beitreten</translation>
    </message>
    <message>
        <source>&amp;Board:</source>
        <translation>&amp;Spielfeld:</translation>
    </message>
    <message>
        <source>Who &amp;starts:</source>
        <translation>&amp;Wer beginnt:</translation>
    </message>
    <message>
        <source>Who can j&amp;oin:</source>
        <translation>Wer &amp;mitspielen kann:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>Play &amp;again after a triangle</source>
        <translation>Nach einem Dreieck &amp;nochmal spielen</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>Your friend</source>
        <translation>Dein Gegenüber</translation>
    </message>
    <message>
        <source>Computers on this network</source>
        <translation>Computer in diesem Netzwerk</translation>
    </message>
    <message>
        <source>Only this computer (to try it out)</source>
        <translation>Nur dieser Computer (zum Ausprobieren)</translation>
    </message>
    <message>
        <source>Anyone with the game code (over the internet)</source>
        <translation>Jeder mit dem Spielcode (über das Internet)</translation>
    </message>
    <message>
        <source>Announce on &amp;this network</source>
        <translation>In &amp;diesem Netzwerk ankündigen</translation>
    </message>
    <message>
        <source>Host the &amp;game</source>
        <translation>Spiel an&amp;bieten</translation>
    </message>
    <message>
        <source>&amp;Games on this network:</source>
        <translation>&amp;Spiele in diesem Netzwerk:</translation>
    </message>
    <message>
        <source>Or &amp;address:</source>
        <translation>Oder &amp;Adresse:</translation>
    </message>
    <message>
        <source>Or game co&amp;de:</source>
        <translation>&amp;Oder Spielcode:</translation>
    </message>
    <message>
        <source>Game code:</source>
        <translation>Spielcode:</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Jo&amp;in</source>
        <translation>&amp;Beitreten</translation>
    </message>
</context>
<context>
    <name>OnlinePlay</name>
    <message>
        <source>Send a &amp;message to your friend…</source>
        <translation>&amp;Nachricht an dein Gegenüber senden …</translation>
    </message>
    <message>
        <source>Games on this network cannot be listed; join by address.</source>
        <translation>Spiele in diesem Netzwerk können nicht aufgelistet werden; tritt über die Adresse bei.</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>Online spielen</translation>
    </message>
    <message>
        <source>Abandon the game in progress to play online?</source>
        <translation>Das laufende Spiel abbrechen, um online zu spielen?</translation>
    </message>
    <message>
        <source>Abandon and play online</source>
        <translation>Aufgeben und online spielen</translation>
    </message>
    <message>
        <source>The game cannot be hosted on port %1: it may be in use. Try another port.</source>
        <translation>Auf Port %1 kann kein Spiel angeboten werden: Er ist vielleicht belegt. Versuch einen anderen Port.</translation>
    </message>
    <message>
        <source>Waiting for your friend. Give them this address: %1 (on this network they also find the game in their list).</source>
        <translation>Warte auf dein Gegenüber. Gib ihm diese Adresse: %1 (im selben Netzwerk steht das Spiel auch in seiner Liste).</translation>
    </message>
    <message>
        <source>Waiting for your friend. Give them this address: %1.</source>
        <translation>Warte auf deinen Freund. Gib ihm diese Adresse: %1.</translation>
    </message>
    <message>
        <source>Asking your router to let your friend in…</source>
        <translation>Der Router wird gebeten, deinen Freund hereinzulassen …</translation>
    </message>
    <message>
        <source>Waiting for your friend. Give them the game code: your router lets them in, no server is needed.</source>
        <translation>Warte auf deinen Freund. Gib ihm den Spielcode: Dein Router lässt ihn herein, kein Server ist nötig.</translation>
    </message>
    <message>
        <source>Your router does not let your friend in (UPnP and NAT-PMP are off, or there is a second router). Type a relay&apos;s address to play through it.</source>
        <translation>Dein Router lässt deinen Freund nicht herein (UPnP und NAT-PMP sind aus, oder es gibt einen zweiten Router). Gib die Adresse eines Relais ein, um darüber zu spielen.</translation>
    </message>
    <message>
        <source>Waiting for your friend at the relay %1. Give them the game code and the relay&apos;s address.</source>
        <translation>Warte beim Relais %1 auf deinen Freund. Gib ihm den Spielcode und die Adresse des Relais.</translation>
    </message>
    <message>
        <source>The relay %1 cannot be reached. Trying again…</source>
        <translation>Das Relais %1 ist nicht erreichbar. Neuer Versuch …</translation>
    </message>
    <message>
        <source>This is not a game code: it reads like 4821-amber-oyster.</source>
        <translation>Das ist kein Spielcode: Er sieht aus wie 4821-amber-oyster.</translation>
    </message>
    <message>
        <source>This game waits at a relay: type the relay&apos;s address your friend uses.</source>
        <translation>Dieses Spiel wartet bei einem Relais: Gib die Adresse des Relais ein, das dein Freund benutzt.</translation>
    </message>
    <message>
        <source>Connecting by game code…</source>
        <translation>Verbinde per Spielcode …</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1 …</translation>
    </message>
    <message>
        <source>Rejoin the online game</source>
        <translation>Zum Online-Spiel zurückkehren</translation>
    </message>
    <message numerus="yes">
        <source>Your online game with %1 was interrupted after %n stroke(s). Rejoin it?</source>
        <translation>
            <numerusform>Dein Online-Spiel mit %1 wurde nach %n Linie unterbrochen. Zurückkehren?</numerusform>
            <numerusform>Dein Online-Spiel mit %1 wurde nach %n Linien unterbrochen. Zurückkehren?</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Rejoin</source>
        <translation>&amp;Zurückkehren</translation>
    </message>
    <message>
        <source>&amp;Forget it</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>&amp;Nicht jetzt</translation>
    </message>
    <message>
        <source>Reconnecting to %1…</source>
        <translation>Verbinde mich wieder mit %1 …</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>%1 wants to join your game.</source>
        <translation>%1 möchte an deinem Spiel teilnehmen.</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>&amp;Annehmen</translation>
    </message>
    <message>
        <source>&amp;Decline</source>
        <translation>A&amp;blehnen</translation>
    </message>
    <message>
        <source>Waiting for %1 to accept you…</source>
        <translation>Warte darauf, dass %1 dich annimmt…</translation>
    </message>
    <message>
        <source>The game at %1 is busy. Trying again in %2 s…</source>
        <translation>Das Spiel unter %1 ist belegt. Neuer Versuch in %2 s…</translation>
    </message>
    <message>
        <source>Reconnecting: the host is busy. Trying again in %1 s…</source>
        <translation>Neu verbinden: Der Gastgeber ist belegt. Neuer Versuch in %1 s…</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>A line for your friend:</source>
        <translation>Eine Zeile für dein Gegenüber:</translation>
    </message>
    <message>
        <source>Your friend is not connected: the message was not sent.</source>
        <translation>Dein Gegenüber ist nicht verbunden: Die Nachricht wurde nicht gesendet.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>Take back strokes?</source>
        <translation>Linien zurücknehmen?</translation>
    </message>
    <message>
        <source>%1 asks to take back the game to stroke %2. Do you agree?</source>
        <translation>%1 möchte das Spiel bis zur Linie %2 zurücknehmen. Einverstanden?</translation>
    </message>
    <message>
        <source>&amp;Take back</source>
        <translation>&amp;Zurücknehmen</translation>
    </message>
    <message>
        <source>&amp;Refuse</source>
        <translation>&amp;Ablehnen</translation>
    </message>
    <message>
        <source>Your friend would rather play on: nothing was taken back.</source>
        <translation>Dein Gegenüber möchte weiterspielen: Nichts wurde zurückgenommen.</translation>
    </message>
    <message>
        <source>Your friend has left. Host or join another game, or choose Game &gt; New game to play here.</source>
        <translation>Dein Freund ist gegangen. Eröffne ein anderes Spiel oder tritt einem bei, oder wähle Spiel &gt; Neues Spiel, um hier zu spielen.</translation>
    </message>
    <message>
        <source>Asked your friend for another game…</source>
        <translation>Dein Gegenüber wird um ein weiteres Spiel gebeten …</translation>
    </message>
    <message>
        <source>Your friend would rather not play again.</source>
        <translation>Dein Gegenüber möchte lieber nicht noch einmal spielen.</translation>
    </message>
    <message>
        <source>Another game?</source>
        <translation>Noch ein Spiel?</translation>
    </message>
    <message>
        <source>%1 would like another game. Play again?</source>
        <translation>%1 möchte noch ein Spiel. Nochmal spielen?</translation>
    </message>
    <message>
        <source>&amp;Play again</source>
        <translation>&amp;Noch ein Spiel</translation>
    </message>
    <message>
        <source>&amp;No, thanks</source>
        <translation>Nein, &amp;danke</translation>
    </message>
    <message>
        <source>The game with %1 could not be rejoined: it is kept in the History.</source>
        <translation>Zum Spiel mit %1 konnte nicht zurückgekehrt werden: Es bleibt im Spielverlauf.</translation>
    </message>
    <message>
        <source>Wrong game code: check it with your friend and try again.</source>
        <translation>Falscher Spielcode: Prüfe ihn mit deinem Freund und versuche es noch einmal.</translation>
    </message>
    <message>
        <source>Someone tried wrong game codes: the game was closed. Host again for a new code.</source>
        <translation>Jemand hat falsche Spielcodes versucht: Das Spiel wurde geschlossen. Biete es neu an, um einen neuen Code zu bekommen.</translation>
    </message>
    <message>
        <source>%1 declined: you cannot join this game.</source>
        <translation>%1 hat abgelehnt: Du kannst diesem Spiel nicht beitreten.</translation>
    </message>
    <message>
        <source>The host</source>
        <translation>Der Gastgeber</translation>
    </message>
    <message>
        <source>No game could be started: nobody answered there, or the game was taken.</source>
        <translation>Es konnte kein Spiel beginnen: Dort hat niemand geantwortet, oder das Spiel war schon vergeben.</translation>
    </message>
</context>
<context>
    <name>PlayerCard</name>
    <message numerus="yes">
        <source>%n triangle(s)</source>
        <translation>
            <numerusform>%n Dreieck</numerusform>
            <numerusform>%n Dreiecke</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PluginsDialog</name>
    <message>
        <source>Plugins</source>
        <translation>Plugins</translation>
    </message>
    <message numerus="yes">
        <source>Loaded plugins: %n</source>
        <translation>
            <numerusform>Geladene Plugins: %n</numerusform>
            <numerusform>Geladene Plugins: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Provides</source>
        <translation>Bietet</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message numerus="yes">
        <source>Plugins that could not be loaded: %n</source>
        <translation>
            <numerusform>Plugins, die nicht geladen werden konnten: %n</numerusform>
            <numerusform>Plugins, die nicht geladen werden konnten: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message numerus="yes">
        <source>Themes that were skipped: %n</source>
        <translation>
            <numerusform>Übersprungene Designs: %n</numerusform>
            <numerusform>Übersprungene Designs: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Open Plugin Folder</source>
        <translation>Plugin-&amp;Ordner öffnen</translation>
    </message>
    <message>
        <source>The plugin folder could not be created: %1</source>
        <translation>Der Plugin-Ordner konnte nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>No file manager could open the plugin folder: %1</source>
        <translation>Kein Dateimanager konnte den Plugin-Ordner öffnen: %1</translation>
    </message>
    <message>
        <source>To add a plugin, put it in this folder and restart Triangles: %1</source>
        <translation>Um ein Plugin hinzuzufügen, lege es in diesen Ordner und starte Triangles neu: %1</translation>
    </message>
    <message>
        <source>Computer players: %1</source>
        <translation>Computergegner: %1</translation>
    </message>
    <message>
        <source>Computer players</source>
        <translation>Computergegner</translation>
    </message>
    <message>
        <source>Themes: %1</source>
        <translation>Designs: %1</translation>
    </message>
    <message>
        <source>Themes</source>
        <translation>Designs</translation>
    </message>
    <message>
        <source>It gives a computer player an id that is already taken.</source>
        <translation>Es gibt einem Computergegner eine Kennung, die bereits vergeben ist.</translation>
    </message>
    <message>
        <source>The background image of a theme of the plugin “%1” cannot be shown; the theme is offered with its colours alone.</source>
        <translation>Das Hintergrundbild eines Designs des Plugins „%1“ kann nicht angezeigt werden; das Design wird nur mit seinen Farben angeboten.</translation>
    </message>
    <message>
        <source>The background image of a theme cannot be shown; the theme is offered with its colours alone.</source>
        <translation>Das Hintergrundbild eines Designs kann nicht angezeigt werden; das Design wird nur mit seinen Farben angeboten.</translation>
    </message>
    <message>
        <source>A theme uses an id that another theme already has.</source>
        <translation>Ein Design verwendet eine Kennung, die bereits ein anderes Design hat.</translation>
    </message>
    <message>
        <source>A theme is not valid.</source>
        <translation>Ein Design ist ungültig.</translation>
    </message>
    <message>
        <source>A theme of the plugin “%1” uses an id that another theme already has.</source>
        <translation>Ein Design des Plugins „%1“ verwendet eine Kennung, die bereits ein anderes Design hat.</translation>
    </message>
    <message>
        <source>A theme of the plugin “%1” is not valid.</source>
        <translation>Ein Design des Plugins „%1“ ist ungültig.</translation>
    </message>
    <message>
        <source>Themes (all skipped)</source>
        <translation>Designs (alle übersprungen)</translation>
    </message>
    <message>
        <source>Nothing</source>
        <translation>Nichts</translation>
    </message>
    <message>
        <source>Its code could not be loaded.</source>
        <translation>Sein Code konnte nicht geladen werden.</translation>
    </message>
    <message>
        <source>Triangles could not register it.</source>
        <translation>Triangles konnte es nicht registrieren.</translation>
    </message>
    <message>
        <source>This plugin folder does not exist.</source>
        <translation>Dieser Plugin-Ordner existiert nicht.</translation>
    </message>
    <message>
        <source>This plugin folder cannot be read.</source>
        <translation>Dieser Plugin-Ordner kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>A plugin with the same name is already loaded.</source>
        <translation>Ein Plugin mit demselben Namen ist bereits geladen.</translation>
    </message>
    <message>
        <source>It does not provide anything for Triangles.</source>
        <translation>Es stellt nichts für Triangles bereit.</translation>
    </message>
    <message>
        <source>It uses a hook that this version of Triangles does not know.</source>
        <translation>Es verwendet einen Hook, den diese Version von Triangles nicht kennt.</translation>
    </message>
    <message>
        <source>It failed while telling Triangles what it provides.</source>
        <translation>Es ist beim Melden seiner Inhalte an Triangles gescheitert.</translation>
    </message>
    <message>
        <source>It gave Triangles something it cannot use.</source>
        <translation>Es hat Triangles etwas übergeben, das nicht verwendet werden kann.</translation>
    </message>
    <message>
        <source>The list of themes could not be read.</source>
        <translation>Die Liste der Designs konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>In English, for the theme&apos;s author: %1</source>
        <translation>Auf Englisch, für den Autor des Designs: %1</translation>
    </message>
    <message>
        <source>Built-in themes</source>
        <translation>Eingebaute Designs</translation>
    </message>
    <message>
        <source>Built-in</source>
        <translation>Eingebaut</translation>
    </message>
    <message>
        <source>Technical details (in English):</source>
        <translation>Technische Details (auf Englisch):</translation>
    </message>
    <message>
        <source>Hide details</source>
        <translation>Details ausblenden</translation>
    </message>
    <message>
        <source>Show details (traceback)</source>
        <translation>Details anzeigen (Traceback)</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Suchen in:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>Dateien des &amp;Typs:</translation>
    </message>
</context>
<context>
    <name>Rejection</name>
    <message>
        <source>Already drawn</source>
        <translation>Existiert bereits</translation>
    </message>
    <message>
        <source>Passes over a star</source>
        <translation>Verläuft über einen anderen Stern</translation>
    </message>
    <message>
        <source>Crosses a stroke</source>
        <translation>Kreuzt eine bereits gezogene Linie</translation>
    </message>
</context>
<context>
    <name>RemoteSeat</name>
    <message>
        <source>Connection lost.</source>
        <translation>Verbindung verloren.</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>Plays from another computer.</source>
        <translation>Spielt an einem anderen Computer.</translation>
    </message>
    <message>
        <source>connection lost</source>
        <translation>Verbindung verloren</translation>
    </message>
    <message>
        <source>left</source>
        <translation>gegangen</translation>
    </message>
    <message>
        <source>online</source>
        <translation>online</translation>
    </message>
    <message>
        <source>Reconnecting to %1…</source>
        <translation>Verbinde mich wieder mit %1 …</translation>
    </message>
    <message>
        <source>Waiting for %1 to reconnect…</source>
        <translation>Warte, bis %1 sich wieder verbindet …</translation>
    </message>
    <message>
        <source>%1 has left the game.</source>
        <translation>%1 hat das Spiel verlassen.</translation>
    </message>
    <message>
        <source>Waiting for %1’s stroke…</source>
        <translation>Warte auf die Linie von %1 …</translation>
    </message>
    <message>
        <source>The connection to %1 was lost; the game goes on when they are back.</source>
        <translation>Die Verbindung zu %1 ist abgerissen; das Spiel geht weiter, sobald die Verbindung wieder steht.</translation>
    </message>
    <message>
        <source>Something went wrong in the game with %1; the game is as it was.</source>
        <translation>Im Spiel mit %1 ist etwas schiefgegangen; das Spiel ist unverändert.</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Move the ring to the nearest star that way</source>
        <translation>Den Ring zum nächsten Stern in dieser Richtung bewegen</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>Pfeiltasten</translation>
    </message>
    <message>
        <source>Go from star to star</source>
        <translation>Von Stern zu Stern springen</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab, Umschalt+Tab</translation>
    </message>
    <message>
        <source>Pick the star in the ring (a second one draws the stroke)</source>
        <translation>Den Stern im Ring wählen (ein zweiter zieht die Linie)</translation>
    </message>
    <message>
        <source>Enter, Space</source>
        <translation>Eingabe, Leertaste</translation>
    </message>
    <message>
        <source>Let go of the picked star</source>
        <translation>Den gewählten Stern loslassen</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Zoom the board in or out</source>
        <translation>Spielfeld vergrößern oder verkleinern</translation>
    </message>
    <message>
        <source>Ctrl+mouse wheel</source>
        <translation>Strg+Mausrad</translation>
    </message>
    <message>
        <source>Move over the zoomed board</source>
        <translation>Über das vergrößerte Spielfeld bewegen</translation>
    </message>
    <message>
        <source>Mouse wheel, or drag with the middle button</source>
        <translation>Mausrad oder mit der mittleren Taste ziehen</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
</context>
<context>
    <name>StatisticsDialog</name>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>Computer player</source>
        <translation>Spielstärke</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Gespielt</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gewonnen</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Verloren</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <source>No games played yet.</source>
        <translation>Noch keine Spiele gespielt.</translation>
    </message>
    <message>
        <source>&amp;Reset statistics…</source>
        <translation>Statistik &amp;zurücksetzen…</translation>
    </message>
    <message>
        <source>Forget every result against the computer</source>
        <translation>Alle Ergebnisse gegen den Computer vergessen</translation>
    </message>
    <message>
        <source>Your earlier statistics could not be read.</source>
        <translation>Deine bisherige Statistik konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The statistics cannot be used right now.</source>
        <translation>Die Statistik kann gerade nicht verwendet werden.</translation>
    </message>
    <message>
        <source>Another program may be using the file, or the disk is full or read-only; games are not counted until it can be written again.</source>
        <translation>Vielleicht benutzt ein anderes Programm die Datei, oder der Datenträger ist voll oder schreibgeschützt; Spiele werden erst wieder gezählt, wenn sie geschrieben werden kann.</translation>
    </message>
    <message>
        <source>The damaged file was kept as %1, and counting starts again from zero.</source>
        <translation>Die beschädigte Datei wurde als %1 aufbewahrt, und die Zählung beginnt wieder bei null.</translation>
    </message>
    <message>
        <source>The damaged file could not be moved aside, so new results are not saved until you reset the statistics.</source>
        <translation>Die beschädigte Datei konnte nicht beiseitegelegt werden; neue Ergebnisse werden erst gespeichert, wenn du die Statistik zurücksetzt.</translation>
    </message>
    <message numerus="yes">
        <source>Games against the computer: %Ln</source>
        <translation>
            <numerusform>Spiele gegen den Computer: %Ln</numerusform>
            <numerusform>Spiele gegen den Computer: %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>No games against the computer yet. Results appear here after each game.</source>
        <translation>Noch keine Spiele gegen den Computer. Die Ergebnisse erscheinen hier nach jedem Spiel.</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Results by month</source>
        <translation>Ergebnisse nach Monat</translation>
    </message>
    <message>
        <source>Results by week (from Monday)</source>
        <translation>Ergebnisse nach Woche (ab Montag)</translation>
    </message>
    <message>
        <source>Results by day</source>
        <translation>Ergebnisse nach Tag</translation>
    </message>
    <message>
        <source>%1 (not installed)</source>
        <translation>%1 (nicht installiert)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n abandoned)</source>
        <translation>
            <numerusform>%1 (%n aufgegeben)</numerusform>
            <numerusform>%1 (%n aufgegeben)</numerusform>
        </translation>
    </message>
    <message>
        <source>Games left unfinished count as lost.</source>
        <translation>Unbeendete Spiele zählen als verloren.</translation>
    </message>
    <message>
        <source>Another program is using the statistics file; try again when it is free.</source>
        <translation>Ein anderes Programm verwendet die Statistikdatei; versuche es erneut, wenn sie frei ist.</translation>
    </message>
    <message>
        <source>The disk is full.</source>
        <translation>Der Datenträger ist voll.</translation>
    </message>
    <message>
        <source>The statistics file cannot be written (it is read-only).</source>
        <translation>Die Statistikdatei kann nicht geschrieben werden (sie ist schreibgeschützt).</translation>
    </message>
    <message>
        <source>Reset statistics</source>
        <translation>Statistik zurücksetzen</translation>
    </message>
    <message>
        <source>Forget all results against the computer? This cannot be undone.</source>
        <translation>Alle Ergebnisse gegen den Computer vergessen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>The statistics could not be reset.</source>
        <translation>Die Statistik konnte nicht zurückgesetzt werden.</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Play again after a triangle</source>
        <translation>Nach einem Dreieck nochmal spielen</translation>
    </message>
    <message>
        <source>One stroke per turn, even after a triangle</source>
        <translation>Eine Linie pro Zug, auch nach einem Dreieck</translation>
    </message>
</context>
<context>
    <name>StrategyNames</name>
    <message>
        <source>Easy</source>
        <translation>Leicht</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Schwer</translation>
    </message>
</context>
<context>
    <name>ThemeNames</name>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Nebula</source>
        <translation>Nebel</translation>
    </message>
    <message>
        <source>Daylight</source>
        <translation>Tageslicht</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Hoher Kontrast</translation>
    </message>
</context>
</TS>
