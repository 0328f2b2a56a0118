<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>BoardDescription</name>
    <message numerus="yes">
        <source>%1 · %n star(s)</source>
        <translation>
            <numerusform>%1 · %n star</numerusform>
            <numerusform>%1 · %n stars</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BoardWords</name>
    <message numerus="yes">
        <source>%n stroke(s) from it</source>
        <translation>
            <numerusform>%n stroke from it</numerusform>
            <numerusform>%n strokes from it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>closed %n triangle(s)</source>
        <translation>
            <numerusform>closed %n triangle</numerusform>
            <numerusform>closed %n triangles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n star</numerusform>
            <numerusform>%n stars</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) drawn</source>
        <translation>
            <numerusform>%n stroke drawn</numerusform>
            <numerusform>%n strokes drawn</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Counted</name>
    <message numerus="yes">
        <source>%n stroke(s) taken back</source>
        <translation>
            <numerusform>%n stroke taken back</numerusform>
            <numerusform>%n strokes taken back</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) drawn again</source>
        <translation>
            <numerusform>%n stroke drawn again</numerusform>
            <numerusform>%n strokes drawn again</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GameOverDialog</name>
    <message numerus="yes">
        <source>Biggest turn: %n triangle(s), by both players</source>
        <translation>
            <numerusform>Biggest turn: %n triangle, by both players</numerusform>
            <numerusform>Biggest turn: %n triangles, by both players</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Biggest turn: %1 closed %n triangle(s)</source>
        <translation>
            <numerusform>Biggest turn: %1 closed %n triangle</numerusform>
            <numerusform>Biggest turn: %1 closed %n triangles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Longest run: %1 drew %n stroke(s) in a row</source>
        <translation>
            <numerusform>Longest run: %1 drew %n stroke in a row</numerusform>
            <numerusform>Longest run: %1 drew %n strokes in a row</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HintTexts</name>
    <message numerus="yes">
        <source>Hint: the highlighted stroke closes %n triangle(s).</source>
        <translation>
            <numerusform>Hint: the highlighted stroke closes %n triangle.</numerusform>
            <numerusform>Hint: the highlighted stroke closes %n triangles.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Hint: no safe stroke is left; the highlighted one gives away the fewest: %n triangle(s).</source>
        <translation>
            <numerusform>Hint: no safe stroke is left; the highlighted one gives away the fewest: %n triangle.</numerusform>
            <numerusform>Hint: no safe stroke is left; the highlighted one gives away the fewest: %n triangles.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you then take a run of at least %n triangle(s).</source>
        <translation>
            <numerusform>you then take a run of at least %n triangle.</numerusform>
            <numerusform>you then take a run of at least %n triangles.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Hint: the highlighted stroke gives %n triangle(s) to keep control</source>
        <translation>
            <numerusform>Hint: the highlighted stroke gives %n triangle to keep control</numerusform>
            <numerusform>Hint: the highlighted stroke gives %n triangles to keep control</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Hint: the highlighted stroke gives %n triangle(s) now for a better end.</source>
        <translation>
            <numerusform>Hint: the highlighted stroke gives %n triangle now for a better end.</numerusform>
            <numerusform>Hint: the highlighted stroke gives %n triangles now for a better end.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryDialog</name>
    <message numerus="yes">
        <source>Stroke %1 of %n</source>
        <translation>
            <numerusform>Stroke %1 of %n</numerusform>
            <numerusform>Stroke %1 of %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The newest %1 of your %Ln game(s) are listed.</source>
        <translation>
            <numerusform>The newest %1 of your %Ln game is listed.</numerusform>
            <numerusform>The newest %1 of your %Ln games are listed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>%n plugin(s) or theme(s) could not be loaded: see Settings &gt; Plugins.</source>
        <translation>
            <numerusform>%n plugin or theme could not be loaded: see Settings &gt; Plugins.</numerusform>
            <numerusform>%n plugins or themes could not be loaded: see Settings &gt; Plugins.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 closed %n triangle(s)</source>
        <translation>
            <numerusform>%1 closed %n triangle</numerusform>
            <numerusform>%1 closed %n triangles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 drew %2–%3 and closed %n triangle(s)</source>
        <translation>
            <numerusform>%1 drew %2–%3 and closed %n triangle</numerusform>
            <numerusform>%1 drew %2–%3 and closed %n triangles</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n star</numerusform>
            <numerusform>%n stars</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OnlinePlay</name>
    <message numerus="yes">
        <source>Your online game with %1 was interrupted after %n stroke(s). Rejoin it?</source>
        <translation>
            <numerusform>Your online game with %1 was interrupted after %n stroke. Rejoin it?</numerusform>
            <numerusform>Your online game with %1 was interrupted after %n strokes. Rejoin it?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PlayerCard</name>
    <message numerus="yes">
        <source>%n triangle(s)</source>
        <translation>
            <numerusform>%n triangle</numerusform>
            <numerusform>%n triangles</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PluginsDialog</name>
    <message numerus="yes">
        <source>Loaded plugins: %n</source>
        <translation>
            <numerusform>Loaded plugins: %n</numerusform>
            <numerusform>Loaded plugins: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Plugins that could not be loaded: %n</source>
        <translation>
            <numerusform>Plugins that could not be loaded: %n</numerusform>
            <numerusform>Plugins that could not be loaded: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Themes that were skipped: %n</source>
        <translation>
            <numerusform>Themes that were skipped: %n</numerusform>
            <numerusform>Themes that were skipped: %n</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StatisticsDialog</name>
    <message numerus="yes">
        <source>Games against the computer: %Ln</source>
        <translation>
            <numerusform>Games against the computer: %Ln</numerusform>
            <numerusform>Games against the computer: %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n abandoned)</source>
        <translation>
            <numerusform>%1 (%n abandoned)</numerusform>
            <numerusform>%1 (%n abandoned)</numerusform>
        </translation>
    </message>
</context>
</TS>
