<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es" sourcelanguage="en">
<context>
    <name>BoardDescription</name>
    <message>
        <source>custom board</source>
        <translation>tablero personalizado</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Móvil</translation>
    </message>
    <message>
        <source>Tablet</source>
        <translation>Tableta</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n star(s)</source>
        <translation>
            <numerusform>%1 · %n estrella</numerusform>
            <numerusform>%1 · %n estrellas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BoardWords</name>
    <message>
        <source>top left</source>
        <translation>arriba a la izquierda</translation>
    </message>
    <message>
        <source>top</source>
        <translation>arriba</translation>
    </message>
    <message>
        <source>top right</source>
        <translation>arriba a la derecha</translation>
    </message>
    <message>
        <source>left</source>
        <translation>a la izquierda</translation>
    </message>
    <message>
        <source>centre</source>
        <translation>en el centro</translation>
    </message>
    <message>
        <source>right</source>
        <translation>a la derecha</translation>
    </message>
    <message>
        <source>bottom left</source>
        <translation>abajo a la izquierda</translation>
    </message>
    <message>
        <source>bottom</source>
        <translation>abajo</translation>
    </message>
    <message>
        <source>bottom right</source>
        <translation>abajo a la derecha</translation>
    </message>
    <message>
        <source>Star %1, %2</source>
        <translation>Estrella %1, %2</translation>
    </message>
    <message>
        <source>no stroke yet</source>
        <translation>ningún trazo todavía</translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) from it</source>
        <translation>
            <numerusform>sale %n trazo</numerusform>
            <numerusform>salen %n trazos</numerusform>
        </translation>
    </message>
    <message>
        <source>Stroke %1 by %2, from star %3 to star %4</source>
        <translation>Trazo %1 de %2, de la estrella %3 a la estrella %4</translation>
    </message>
    <message numerus="yes">
        <source>closed %n triangle(s)</source>
        <translation>
            <numerusform>cerró %n triángulo</numerusform>
            <numerusform>cerró %n triángulos</numerusform>
        </translation>
    </message>
    <message>
        <source>Triangle of stars %1, %2 and %3, %4’s</source>
        <translation>Triángulo de las estrellas %1, %2 y %3, de %4</translation>
    </message>
    <message>
        <source>%1 drew a stroke from %2 to %3</source>
        <translation>%1 trazó una línea de la %2 a la %3</translation>
    </message>
    <message>
        <source>star %1 (%2)</source>
        <translation>estrella %1 (%2)</translation>
    </message>
    <message>
        <source>Score: %1 %2, %3 %4</source>
        <translation>Marcador: %1 %2, %3 %4</translation>
    </message>
    <message>
        <source>Picked %1: now choose the other end.</source>
        <translation>Elegida la %1: ahora elige el otro extremo.</translation>
    </message>
    <message>
        <source>Hint: from %1 to %2.</source>
        <translation>Pista: de la %1 a la %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n estrella</numerusform>
            <numerusform>%n estrellas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) drawn</source>
        <translation>
            <numerusform>%n trazo hecho</numerusform>
            <numerusform>%n trazos hechos</numerusform>
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
        <translation>Saltar la guía</translation>
    </message>
    <message>
        <source>Got it</source>
        <translation>Entendido</translation>
    </message>
    <message>
        <source>Welcome! Players take turns drawing straight strokes between stars. Click a star to pick it: the marked one, for example.</source>
        <translation>¡Bienvenido! Los jugadores trazan por turnos líneas rectas entre estrellas. Haz clic en una estrella para elegirla: la marcada, por ejemplo.</translation>
    </message>
    <message>
        <source>Now click another star: a stroke joins the two. A stroke may not cross another stroke or pass over a star. Click the picked star again to let it go.</source>
        <translation>Ahora haz clic en otra estrella: un trazo une las dos. Un trazo no puede cortar otro trazo ni pasar sobre una estrella. Haz clic otra vez en la estrella elegida para soltarla.</translation>
    </message>
    <message>
        <source>Well drawn! Now the computer plays, then you again. Watch for three stars that two strokes already join.</source>
        <translation>¡Bien trazado! Ahora juega el ordenador y luego tú otra vez. Busca tres estrellas que ya unan dos trazos.</translation>
    </message>
    <message>
        <source>Close an empty triangle to score a point: the marked stroke closes one. Draw it!</source>
        <translation>Cierra un triángulo vacío para ganar un punto: el trazo marcado cierra uno. ¡Trázalo!</translation>
    </message>
    <message>
        <source>A triangle: one point! The game ends when no triangle can be closed any more; the most triangles wins. Game &gt; Hint (H) shows a good stroke any time.</source>
        <translation>¡Un triángulo: un punto! La partida termina cuando ya no se puede cerrar ningún triángulo; gana quien tenga más triángulos. Partida &gt; Pista (H) muestra un buen trazo cuando quieras.</translation>
    </message>
</context>
<context>
    <name>Counted</name>
    <message numerus="yes">
        <source>%n stroke(s) taken back</source>
        <translation>
            <numerusform>%n trazo deshecho</numerusform>
            <numerusform>%n trazos deshechos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) drawn again</source>
        <translation>
            <numerusform>%n trazo rehecho</numerusform>
            <numerusform>%n trazos rehechos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EnginesDialog</name>
    <message>
        <source>“%1” cannot be used as a name: it is empty, too long, or taken.</source>
        <translation>«%1» no se puede usar como nombre: está vacío, es demasiado largo o ya existe.</translation>
    </message>
    <message>
        <source>Checking “%1”…</source>
        <translation>Comprobando «%1»…</translation>
    </message>
    <message>
        <source>“%1” did not answer as a Triangles engine, so it was not added.</source>
        <translation>«%1» no respondió como un motor de Triangles, así que no se ha añadido.</translation>
    </message>
    <message>
        <source>Choose an engine program</source>
        <translation>Elegir un programa de motor</translation>
    </message>
    <message>
        <source>Engine name</source>
        <translation>Nombre del motor</translation>
    </message>
    <message>
        <source>The name players see:</source>
        <translation>El nombre que verán los jugadores:</translation>
    </message>
    <message>
        <source>Engines</source>
        <translation>Motores</translation>
    </message>
    <message>
        <source>Technical details (in English):</source>
        <translation>Detalles técnicos (en inglés):</translation>
    </message>
    <message>
        <source>Computer players that are programs of their own, written in any language. Each one added here can be chosen as the opponent in the New game window.</source>
        <translation>Jugadores del ordenador que son programas propios, escritos en cualquier lenguaje. Cada uno que añadas aquí se puede elegir como rival en la ventana Nueva partida.</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Añadir…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Quitar</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>did not answer in time</source>
        <translation>no respondió a tiempo</translation>
    </message>
    <message>
        <source>“%1” failed again (%2); a simple player takes its place for the rest of this game.</source>
        <translation>«%1» ha vuelto a fallar (%2); un jugador sencillo ocupa su lugar el resto de la partida.</translation>
    </message>
    <message>
        <source>The computer player “%1” failed (%2); a simple stroke was played instead.</source>
        <translation>El jugador del ordenador «%1» ha fallado (%2); en su lugar se ha hecho un trazo sencillo.</translation>
    </message>
    <message>
        <source>its code raised %1</source>
        <translation>su código lanzó %1</translation>
    </message>
    <message>
        <source>it chose a stroke that cannot be drawn</source>
        <translation>eligió un trazo que no se puede hacer</translation>
    </message>
    <message>
        <source>still busy with an earlier move</source>
        <translation>sigue ocupado con una jugada anterior</translation>
    </message>
    <message>
        <source>its program stopped, or answered what the game does not understand</source>
        <translation>su programa se detuvo o respondió algo que el juego no entiende</translation>
    </message>
</context>
<context>
    <name>GameOverDialog</name>
    <message numerus="yes">
        <source>Biggest turn: %n triangle(s), by both players</source>
        <translation>
            <numerusform>Mejor turno: %n triángulo, de ambos jugadores</numerusform>
            <numerusform>Mejor turno: %n triángulos, de ambos jugadores</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Biggest turn: %1 closed %n triangle(s)</source>
        <translation>
            <numerusform>Mejor turno: %1 cerró %n triángulo</numerusform>
            <numerusform>Mejor turno: %1 cerró %n triángulos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Longest run: %1 drew %n stroke(s) in a row</source>
        <translation>
            <numerusform>Racha más larga: %1 trazó %n trazo seguido</numerusform>
            <numerusform>Racha más larga: %1 trazó %n trazos seguidos</numerusform>
        </translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Fin de la partida</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Otra partida</translation>
    </message>
    <message>
        <source>New game…</source>
        <translation>Nueva partida…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>The score over the game</source>
        <translation>La puntuación a lo largo de la partida</translation>
    </message>
</context>
<context>
    <name>HintTexts</name>
    <message numerus="yes">
        <source>Hint: the highlighted stroke closes %n triangle(s).</source>
        <translation>
            <numerusform>Pista: el trazo resaltado cierra %n triángulo.</numerusform>
            <numerusform>Pista: el trazo resaltado cierra %n triángulos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Hint: the highlighted stroke is safe: it gives nothing away.</source>
        <translation>Pista: el trazo resaltado es seguro: no regala nada.</translation>
    </message>
    <message numerus="yes">
        <source>Hint: no safe stroke is left; the highlighted one gives away the fewest: %n triangle(s).</source>
        <translation>
            <numerusform>Pista: ya no queda ningún trazo seguro; el resaltado es el que menos regala: %n triángulo.</numerusform>
            <numerusform>Pista: ya no queda ningún trazo seguro; el resaltado es el que menos regala: %n triángulos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you then take a run of at least %n triangle(s).</source>
        <translation>
            <numerusform>después te llevas una racha de al menos %n triángulo.</numerusform>
            <numerusform>después te llevas una racha de al menos %n triángulos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Hint: the highlighted stroke gives %n triangle(s) to keep control</source>
        <translation>
            <numerusform>Pista: el trazo resaltado regala %n triángulo para mantener el control</numerusform>
            <numerusform>Pista: el trazo resaltado regala %n triángulos para mantener el control</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Hint: the highlighted stroke gives %n triangle(s) now for a better end.</source>
        <translation>
            <numerusform>Pista: el trazo resaltado regala ahora %n triángulo para un final mejor.</numerusform>
            <numerusform>Pista: el trazo resaltado regala ahora %n triángulos para un final mejor.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryDialog</name>
    <message>
        <source>Play again after a triangle</source>
        <translation>Repetir tras un triángulo</translation>
    </message>
    <message>
        <source>One stroke per turn</source>
        <translation>Un trazo por turno</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Ganada</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Perdida</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Empate</translation>
    </message>
    <message>
        <source>Abandoned</source>
        <translation>Abandonada</translation>
    </message>
    <message>
        <source>You resigned</source>
        <translation>Te rendiste</translation>
    </message>
    <message>
        <source>Friend resigned</source>
        <translation>Tu amigo se rindió</translation>
    </message>
    <message>
        <source>You left</source>
        <translation>Te fuiste</translation>
    </message>
    <message>
        <source>Friend left</source>
        <translation>Tu amigo se fue</translation>
    </message>
    <message>
        <source>Stopped: refused</source>
        <translation>Detenida: rechazo</translation>
    </message>
    <message>
        <source>Connection lost</source>
        <translation>Conexión perdida</translation>
    </message>
    <message>
        <source>This game&apos;s record could not be read.</source>
        <translation>No se pudo leer el registro de esta partida.</translation>
    </message>
    <message numerus="yes">
        <source>Stroke %1 of %n</source>
        <translation>
            <numerusform>Trazo %1 de %n</numerusform>
            <numerusform>Trazo %1 de %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Play on from the stroke shown, on the main board, as a new game.</source>
        <translation>Seguir jugando desde el trazo mostrado, en el tablero principal, como una partida nueva.</translation>
    </message>
    <message>
        <source>The game is over here: step back to play on from an earlier stroke.</source>
        <translation>Aquí la partida ha terminado: retrocede para seguir desde un trazo anterior.</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <source>Play the strokes one by one</source>
        <translation>Reproducir los trazos uno a uno</translation>
    </message>
    <message>
        <source>Game history</source>
        <translation>Historial de partidas</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Fecha</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Rival</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Reglas</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Tablero</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Puntuación</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>No finished games yet. Every game you finish is kept here to replay.</source>
        <translation>Todavía no hay partidas terminadas. Cada partida que termines se guarda aquí para volver a verla.</translation>
    </message>
    <message>
        <source>First stroke</source>
        <translation>Primer trazo</translation>
    </message>
    <message>
        <source>Previous stroke</source>
        <translation>Trazo anterior</translation>
    </message>
    <message>
        <source>Next stroke</source>
        <translation>Trazo siguiente</translation>
    </message>
    <message>
        <source>Last stroke</source>
        <translation>Último trazo</translation>
    </message>
    <message>
        <source>Stroke</source>
        <translation>Trazo</translation>
    </message>
    <message>
        <source>Co&amp;ntinue this game</source>
        <translation>Co&amp;ntinuar esta partida</translation>
    </message>
    <message numerus="yes">
        <source>The newest %1 of your %Ln game(s) are listed.</source>
        <translation>
            <numerusform>Se muestran las %1 más recientes de tu %Ln partida.</numerusform>
            <numerusform>Se muestran las %1 más recientes de tus %Ln partidas.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HowToPlayDialog</name>
    <message>
        <source>How to play</source>
        <translation>Cómo se juega</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Nueva partida…</translation>
    </message>
    <message>
        <source>Play on&amp;line…</source>
        <translation>Jugar en &amp;línea…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Guardar &amp;como…</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Deshacer</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>&amp;Pista</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>&amp;Estadísticas…</translation>
    </message>
    <message>
        <source>Histor&amp;y…</source>
        <translation>&amp;Historial…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Plugins…</source>
        <translation>&amp;Complementos…</translation>
    </message>
    <message>
        <source>&amp;Engines…</source>
        <translation>&amp;Motores…</translation>
    </message>
    <message>
        <source>&amp;How to play</source>
        <translation>&amp;Cómo se juega</translation>
    </message>
    <message>
        <source>&amp;Guided first game</source>
        <translation>Primera partida &amp;guiada</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>A&amp;tajos de teclado</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>&amp;Pantalla completa</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>&amp;Ampliar</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Re&amp;ducir</translation>
    </message>
    <message>
        <source>&amp;Whole board</source>
        <translation>Tablero &amp;entero</translation>
    </message>
    <message>
        <source>&amp;About Triangles</source>
        <translation>&amp;Acerca de Triangles</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Partida</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Ajustes</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <source>Abandon and start</source>
        <translation>Abandonar y empezar</translation>
    </message>
    <message>
        <source>Against the computer, a game abandoned counts as lost.</source>
        <translation>Contra el ordenador, una partida abandonada cuenta como perdida.</translation>
    </message>
    <message>
        <source>Keep playing</source>
        <translation>Seguir jugando</translation>
    </message>
    <message>
        <source>Guided first game</source>
        <translation>Primera partida guiada</translation>
    </message>
    <message>
        <source>Abandon the game in progress and start the guided game?</source>
        <translation>¿Abandonar la partida en curso y empezar la partida guiada?</translation>
    </message>
    <message>
        <source>%1 drew %2–%3</source>
        <translation>%1 trazó %2–%3</translation>
    </message>
    <message numerus="yes">
        <source>%1 drew %2–%3 and closed %n triangle(s)</source>
        <translation>
            <numerusform>%1 trazó %2–%3 y cerró %n triángulo</numerusform>
            <numerusform>%1 trazó %2–%3 y cerró %n triángulos</numerusform>
        </translation>
    </message>
    <message>
        <source>Continue this game</source>
        <translation>Continuar esta partida</translation>
    </message>
    <message>
        <source>Abandon the game in progress and continue the one from History?</source>
        <translation>¿Abandonar la partida en curso y continuar la del historial?</translation>
    </message>
    <message>
        <source>Abandon and continue</source>
        <translation>Abandonar y continuar</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Tablero</translation>
    </message>
    <message>
        <source>Click a star, then another, to draw a stroke. Keyboard: arrows or Tab to move between stars, Enter or Space to pick, Esc to cancel.</source>
        <translation>Haz clic en una estrella y luego en otra para hacer un trazo. Con el teclado: flechas o Tab para moverte entre estrellas, Intro o Espacio para elegir, Esc para cancelar.</translation>
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
        <translation>Nueva partida</translation>
    </message>
    <message>
        <source>Abandon the game in progress and start a new one?</source>
        <translation>¿Abandonar la partida en curso y empezar una nueva?</translation>
    </message>
    <message>
        <source>Player 1</source>
        <translation>Jugador 1</translation>
    </message>
    <message>
        <source>Player 2</source>
        <translation>Jugador 2</translation>
    </message>
    <message>
        <source>Computer (%1)</source>
        <translation>Ordenador (%1)</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>The computer player “%1” is not installed; “%2” plays instead.</source>
        <translation>El jugador del ordenador «%1» no está instalado; en su lugar juega «%2».</translation>
    </message>
    <message>
        <source>Computer player not installed</source>
        <translation>Jugador del ordenador no instalado</translation>
    </message>
    <message>
        <source>The theme “%1” is not installed; %2 is shown instead.</source>
        <translation>El tema «%1» no está instalado; se muestra %2 en su lugar.</translation>
    </message>
    <message>
        <source>Your friend is asked to take back your last stroke…</source>
        <translation>Se pide a tu amigo que deshaga tu último trazo…</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>Partida abierta: %1.</translation>
    </message>
    <message>
        <source>%1 had resigned there; the game can be played on.</source>
        <translation>%1 se había rendido aquí; la partida puede continuar.</translation>
    </message>
    <message>
        <source>%1 had left there; the game can be played on.</source>
        <translation>%1 se había ido aquí; la partida puede continuar.</translation>
    </message>
    <message>
        <source>It had stopped there: what %1 sent was refused. The game can be played on.</source>
        <translation>La partida se detuvo aquí: lo que envió %1 fue rechazado. Puede continuar.</translation>
    </message>
    <message>
        <source>It had stopped there: the connection was lost. The game can be played on.</source>
        <translation>La partida se detuvo aquí: se perdió la conexión. Puede continuar.</translation>
    </message>
    <message>
        <source>Another program is using the statistics; this game is kept and will be counted when the file is free.</source>
        <translation>Otro programa está usando las estadísticas; esta partida se conserva y se contará cuando el archivo quede libre.</translation>
    </message>
    <message>
        <source>The disk is full; this game is kept and will be counted when there is space.</source>
        <translation>El disco está lleno; esta partida se conserva y se contará cuando haya espacio.</translation>
    </message>
    <message>
        <source>The statistics file cannot be written (it is read-only); this game is kept and will be counted when it can be.</source>
        <translation>No se puede escribir el archivo de estadísticas (es de solo lectura); esta partida se conserva y se contará cuando se pueda.</translation>
    </message>
    <message>
        <source>The statistics could not be saved (%1); this game is kept.</source>
        <translation>No se pudieron guardar las estadísticas (%1); esta partida se conserva.</translation>
    </message>
    <message>
        <source>The last game&apos;s result is now counted in the statistics.</source>
        <translation>El resultado de la última partida ya cuenta en las estadísticas.</translation>
    </message>
    <message>
        <source>The statistics file was damaged; it was kept as %1 and counting started again.</source>
        <translation>El archivo de estadísticas estaba dañado; se conservó como %1 y el recuento empezó de nuevo.</translation>
    </message>
    <message>
        <source>The %1 translation is missing or damaged; using English.</source>
        <translation>Falta la traducción «%1» o está dañada; se usa el inglés.</translation>
    </message>
    <message>
        <source>Abandon the game in progress and open another one?</source>
        <translation>¿Abandonar la partida en curso y abrir otra?</translation>
    </message>
    <message>
        <source>Could not open the game</source>
        <translation>No se pudo abrir la partida</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>Partida abierta: %1</translation>
    </message>
    <message>
        <source>Could not save the game</source>
        <translation>No se pudo guardar la partida</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Partida guardada: %1</translation>
    </message>
    <message>
        <source>The unfinished game saved last time could not be read, and was removed.</source>
        <translation>No se pudo leer la partida sin terminar guardada la última vez, y se eliminó.</translation>
    </message>
    <message>
        <source>Resume game</source>
        <translation>Reanudar partida</translation>
    </message>
    <message>
        <source>Stroke taken back</source>
        <translation>Trazo deshecho</translation>
    </message>
    <message>
        <source>Looking for a good stroke…</source>
        <translation>Buscando un buen trazo…</translation>
    </message>
    <message numerus="yes">
        <source>%n plugin(s) or theme(s) could not be loaded: see Settings &gt; Plugins.</source>
        <translation>
            <numerusform>No se pudo cargar %n complemento o tema: consulta Ajustes &gt; Complementos.</numerusform>
            <numerusform>No se pudieron cargar %n complementos o temas: consulta Ajustes &gt; Complementos.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rehacer</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: the file could not be read.</source>
        <translation>No se puede abrir «%1»: no se pudo leer el archivo.</translation>
    </message>
    <message>
        <source>“%1” was saved by a newer version of Triangles.</source>
        <translation>«%1» se guardó con una versión más reciente de Triangles.</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: it is a folder, not a saved game.</source>
        <translation>No se puede abrir «%1»: es una carpeta, no una partida guardada.</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: it is not a file but a pipe, a device or a socket.</source>
        <translation>No se puede abrir «%1»: no es un archivo sino una tubería, un dispositivo o un socket.</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: it is a link that leads back to itself, never to a file.</source>
        <translation>No se puede abrir «%1»: es un enlace que vuelve a sí mismo y nunca lleva a un archivo.</translation>
    </message>
    <message>
        <source>“%1” is not a Triangles game, or it is damaged.</source>
        <translation>«%1» no es una partida de Triangles o el archivo está dañado.</translation>
    </message>
    <message>
        <source>Abandon and open</source>
        <translation>Abandonar y abrir</translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation>¿Reemplazar el archivo?</translation>
    </message>
    <message>
        <source>“%1” already exists. Do you want to replace it?</source>
        <translation>«%1» ya existe. ¿Quieres reemplazarlo?</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>&amp;Reemplazar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>An unfinished game from %1 was kept. Resume it?</source>
        <translation>Se guardó una partida sin terminar del %1. ¿Quieres continuarla?</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Reanudar</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Descartar</translation>
    </message>
    <message>
        <source>Not &amp;now</source>
        <translation>Ahora &amp;no</translation>
    </message>
    <message>
        <source>“%1” could not be written. The game goes on; try another folder or name.</source>
        <translation>No se pudo escribir «%1». La partida continúa; prueba con otra carpeta u otro nombre.</translation>
    </message>
    <message>
        <source>The game could not be autosaved: the disk is full. It goes on; free some space, or save it with Save As.</source>
        <translation>No se pudo guardar automáticamente la partida: el disco está lleno. La partida continúa; libera espacio o guárdala con «Guardar como».</translation>
    </message>
    <message>
        <source>The game could not be autosaved: %1 is not writable. It goes on; save it with Save As.</source>
        <translation>No se pudo guardar automáticamente la partida: no se puede escribir en %1. La partida continúa; guárdala con «Guardar como».</translation>
    </message>
    <message>
        <source>The game could not be autosaved. It goes on; save it with Save As.</source>
        <translation>No se pudo guardar automáticamente la partida. La partida continúa; guárdala con «Guardar como».</translation>
    </message>
    <message>
        <source>The unfinished game saved last time could not be read; it was kept as %1.</source>
        <translation>No se pudo leer la partida sin terminar guardada la última vez; se conservó como %1.</translation>
    </message>
    <message>
        <source>Stroke drawn again</source>
        <translation>Trazo rehecho</translation>
    </message>
    <message numerus="yes">
        <source>%1 closed %n triangle(s)</source>
        <translation>
            <numerusform>%1: %n triángulo cerrado</numerusform>
            <numerusform>%1: %n triángulos cerrados</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 – %3 %4</source>
        <translation>%1 %2 – %3 %4</translation>
    </message>
    <message>
        <source>Draw!</source>
        <translation>¡Empate!</translation>
    </message>
    <message>
        <source>You won!</source>
        <translation>¡Has ganado!</translation>
    </message>
    <message>
        <source>You lost!</source>
        <translation>¡Has perdido!</translation>
    </message>
    <message>
        <source>%1 wins!</source>
        <translation>¡Gana %1!</translation>
    </message>
    <message>
        <source>The computer is thinking…</source>
        <translation>El ordenador está pensando…</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>Tu turno</translation>
    </message>
    <message>
        <source>%1’s turn</source>
        <translation>Turno de %1</translation>
    </message>
    <message>
        <source>Triangle! Play again</source>
        <translation>¡Triángulo! Vuelves a jugar</translation>
    </message>
    <message>
        <source>Triangle! %1 plays again</source>
        <translation>¡Triángulo! %1 vuelve a jugar</translation>
    </message>
    <message>
        <source>simple player</source>
        <translation>jugador sencillo</translation>
    </message>
    <message>
        <source>“%1” failed three times; a simple player plays in its place until this game ends.</source>
        <translation>«%1» ha fallado tres veces; un jugador sencillo juega en su lugar hasta que termine la partida.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Triangles %1&lt;/h3&gt;&lt;p&gt;Draw strokes between stars, close empty triangles and outscore your opponent.&lt;/p&gt;&lt;p&gt;Free software under the GNU GPL, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Triangles %1&lt;/h3&gt;&lt;p&gt;Une estrellas con trazos, cierra triángulos vacíos y supera a tu rival.&lt;/p&gt;&lt;p&gt;Software libre bajo la GNU GPL, versión 3 o posterior.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About Triangles</source>
        <translation>Acerca de Triangles</translation>
    </message>
    <message>
        <source>Technical details (in English):</source>
        <translation>Detalles técnicos (en inglés):</translation>
    </message>
    <message>
        <source>Triangles games (*.triangles)</source>
        <translation>Partidas de Triangles (*.triangles)</translation>
    </message>
    <message>
        <source>Triangles game</source>
        <translation>Partida de Triangles</translation>
    </message>
    <message>
        <source>Open game</source>
        <translation>Abrir partida</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>Guardar partida</translation>
    </message>
</context>
<context>
    <name>MotionMenu</name>
    <message>
        <source>&amp;Motion</source>
        <translation>Mo&amp;vimiento</translation>
    </message>
    <message>
        <source>As the &amp;desktop is set</source>
        <translation>Como esté el &amp;escritorio</translation>
    </message>
    <message>
        <source>&amp;Full motion</source>
        <translation>Movimiento &amp;completo</translation>
    </message>
    <message>
        <source>&amp;Reduced motion</source>
        <translation>Movimiento &amp;reducido</translation>
    </message>
    <message>
        <source>Strokes appear at once and nothing on the board travels.</source>
        <translation>Los trazos aparecen de inmediato y nada se desplaza por el tablero.</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>New game</source>
        <translation>Nueva partida</translation>
    </message>
    <message>
        <source>Board (star cloud)</source>
        <translation>Tablero (nube de estrellas)</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Móvil</translation>
    </message>
    <message>
        <source>Tablet</source>
        <translation>Tableta</translation>
    </message>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n estrella</numerusform>
            <numerusform>%n estrellas</numerusform>
        </translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Rival</translation>
    </message>
    <message>
        <source>The &amp;computer</source>
        <translation>El or&amp;denador</translation>
    </message>
    <message>
        <source>A &amp;friend on this computer</source>
        <translation>&amp;Otra persona en este ordenador</translation>
    </message>
    <message>
        <source>The computer</source>
        <translation>El ordenador</translation>
    </message>
    <message>
        <source>%1 (engine)</source>
        <translation>%1 (motor)</translation>
    </message>
    <message>
        <source>&amp;Play again after a triangle</source>
        <translation>Re&amp;petir tras un triángulo</translation>
    </message>
    <message>
        <source>Takes a triangle when it sees one; otherwise draws anywhere.</source>
        <translation>Cierra un triángulo cuando lo ve; si no, traza en cualquier parte.</translation>
    </message>
    <message>
        <source>Takes the best triangle; otherwise avoids handing you one.</source>
        <translation>Cierra el mejor triángulo; si no, evita regalarte uno.</translation>
    </message>
    <message>
        <source>Looks ahead, plays the endgame exactly and fights for the last stroke.</source>
        <translation>Piensa por adelantado, juega el final con exactitud y lucha por el último trazo.</translation>
    </message>
    <message>
        <source>&amp;Strength:</source>
        <translation>&amp;Nivel:</translation>
    </message>
    <message>
        <source>&amp;Who starts:</source>
        <translation>&amp;Quién empieza:</translation>
    </message>
    <message>
        <source>Player &amp;%1:</source>
        <translation>Jugador &amp;%1:</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>%1 (plugin)</source>
        <translation>%1 (complemento)</translation>
    </message>
    <message>
        <source>Player %1</source>
        <translation>Jugador %1</translation>
    </message>
    <message>
        <source>A player whose stroke closes a triangle draws another stroke at once.</source>
        <translation>Quien cierra un triángulo con su trazo hace otro trazo en el acto.</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Empezar</translation>
    </message>
</context>
<context>
    <name>OnlineDialog</name>
    <message>
        <source>Play again after a triangle</source>
        <translation>Repetir tras un triángulo</translation>
    </message>
    <message>
        <source>Type the game code your friend gave you: like 4821-amber-oyster.</source>
        <translation>Escribe el código de partida que te dio tu amigo: como 4821-amber-oyster.</translation>
    </message>
    <message>
        <source>Type the address your friend gave you: HOST:PORT.</source>
        <translation>Escribe la dirección que te ha dado tu amigo: HOST:PUERTO.</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>Jugar en línea</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>Tu &amp;nombre:</translation>
    </message>
    <message>
        <source>Re&amp;lay (optional):</source>
        <translation>Re&amp;transmisor (opcional):</translation>
    </message>
    <message>
        <source>For games by code when the router forwards no port: a relay&apos;s HOST:PORT, the same for you and your friend. Anyone can run a relay on a computer of their own.</source>
        <translation>Para partidas por código cuando el router no reenvía ningún puerto: el HOST:PUERTO de un retransmisor, el mismo para ti y para tu amigo. Cualquiera puede poner en marcha un retransmisor en un ordenador propio.</translation>
    </message>
    <message>
        <source>&amp;Host a game</source>
        <translation>&amp;Crear una partida</translation>
    </message>
    <message>
        <source>&amp;Join a game</source>
        <translation>&amp;Unirse a una partida</translation>
    </message>
    <message>
        <source>&amp;Board:</source>
        <translation>&amp;Tablero:</translation>
    </message>
    <message>
        <source>Who &amp;starts:</source>
        <translation>&amp;Quién empieza:</translation>
    </message>
    <message>
        <source>Who can j&amp;oin:</source>
        <translation>Quién puede &amp;unirse:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Puerto:</translation>
    </message>
    <message>
        <source>Play &amp;again after a triangle</source>
        <translation>&amp;Repetir tras un triángulo</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>Your friend</source>
        <translation>Tu amigo</translation>
    </message>
    <message>
        <source>Computers on this network</source>
        <translation>Ordenadores de esta red</translation>
    </message>
    <message>
        <source>Only this computer (to try it out)</source>
        <translation>Solo este ordenador (para probar)</translation>
    </message>
    <message>
        <source>Anyone with the game code (over the internet)</source>
        <translation>Cualquiera con el código de partida (por internet)</translation>
    </message>
    <message>
        <source>Announce on &amp;this network</source>
        <translation>Anunciar en es&amp;ta red</translation>
    </message>
    <message>
        <source>Host the &amp;game</source>
        <translation>Crear la &amp;partida</translation>
    </message>
    <message>
        <source>&amp;Games on this network:</source>
        <translation>&amp;Partidas en esta red:</translation>
    </message>
    <message>
        <source>Or &amp;address:</source>
        <translation>O &amp;dirección:</translation>
    </message>
    <message>
        <source>Or game co&amp;de:</source>
        <translation>O códi&amp;go de partida:</translation>
    </message>
    <message>
        <source>Game code:</source>
        <translation>Código de partida:</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>Co&amp;piar</translation>
    </message>
    <message>
        <source>Jo&amp;in</source>
        <translation>U&amp;nirse</translation>
    </message>
</context>
<context>
    <name>OnlinePlay</name>
    <message>
        <source>Send a &amp;message to your friend…</source>
        <translation>Enviar un &amp;mensaje a tu amigo…</translation>
    </message>
    <message>
        <source>Games on this network cannot be listed; join by address.</source>
        <translation>No se pueden listar las partidas de esta red; únete con la dirección.</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>Jugar en línea</translation>
    </message>
    <message>
        <source>Abandon the game in progress to play online?</source>
        <translation>¿Abandonar la partida en curso para jugar en línea?</translation>
    </message>
    <message>
        <source>Abandon and play online</source>
        <translation>Abandonar y jugar en línea</translation>
    </message>
    <message>
        <source>The game cannot be hosted on port %1: it may be in use. Try another port.</source>
        <translation>No se puede crear la partida en el puerto %1: quizá esté en uso. Prueba otro puerto.</translation>
    </message>
    <message>
        <source>Waiting for your friend. Give them this address: %1 (on this network they also find the game in their list).</source>
        <translation>Esperando a tu amigo. Dale esta dirección: %1 (en esta red también verá la partida en su lista).</translation>
    </message>
    <message>
        <source>Waiting for your friend. Give them this address: %1.</source>
        <translation>Esperando a tu amigo. Dale esta dirección: %1.</translation>
    </message>
    <message>
        <source>Asking your router to let your friend in…</source>
        <translation>Pidiendo a tu router que deje entrar a tu amigo…</translation>
    </message>
    <message>
        <source>Waiting for your friend. Give them the game code: your router lets them in, no server is needed.</source>
        <translation>Esperando a tu amigo. Dale el código de partida: tu router le deja entrar, no hace falta ningún servidor.</translation>
    </message>
    <message>
        <source>Your router does not let your friend in (UPnP and NAT-PMP are off, or there is a second router). Type a relay&apos;s address to play through it.</source>
        <translation>Tu router no deja entrar a tu amigo (UPnP y NAT-PMP están desactivados, o hay un segundo router). Escribe la dirección de un retransmisor para jugar a través de él.</translation>
    </message>
    <message>
        <source>Waiting for your friend at the relay %1. Give them the game code and the relay&apos;s address.</source>
        <translation>Esperando a tu amigo en el retransmisor %1. Dale el código de partida y la dirección del retransmisor.</translation>
    </message>
    <message>
        <source>The relay %1 cannot be reached. Trying again…</source>
        <translation>No se puede llegar al retransmisor %1. Reintentando…</translation>
    </message>
    <message>
        <source>This is not a game code: it reads like 4821-amber-oyster.</source>
        <translation>Esto no es un código de partida: se escribe como 4821-amber-oyster.</translation>
    </message>
    <message>
        <source>This game waits at a relay: type the relay&apos;s address your friend uses.</source>
        <translation>Esta partida espera en un retransmisor: escribe la dirección del retransmisor que usa tu amigo.</translation>
    </message>
    <message>
        <source>Connecting by game code…</source>
        <translation>Conectando con el código de partida…</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Conectando con %1…</translation>
    </message>
    <message>
        <source>Rejoin the online game</source>
        <translation>Volver a la partida en línea</translation>
    </message>
    <message numerus="yes">
        <source>Your online game with %1 was interrupted after %n stroke(s). Rejoin it?</source>
        <translation>
            <numerusform>Tu partida en línea con %1 se interrumpió tras %n trazo. ¿Volver a ella?</numerusform>
            <numerusform>Tu partida en línea con %1 se interrumpió tras %n trazos. ¿Volver a ella?</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Rejoin</source>
        <translation>&amp;Volver</translation>
    </message>
    <message>
        <source>&amp;Forget it</source>
        <translation>&amp;Olvidarla</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>Ahora &amp;no</translation>
    </message>
    <message>
        <source>Reconnecting to %1…</source>
        <translation>Volviendo a conectar con %1…</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Jugador</translation>
    </message>
    <message>
        <source>%1 wants to join your game.</source>
        <translation>%1 quiere unirse a tu partida.</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>&amp;Aceptar</translation>
    </message>
    <message>
        <source>&amp;Decline</source>
        <translation>&amp;Rechazar</translation>
    </message>
    <message>
        <source>Waiting for %1 to accept you…</source>
        <translation>Esperando a que %1 te acepte…</translation>
    </message>
    <message>
        <source>The game at %1 is busy. Trying again in %2 s…</source>
        <translation>La partida en %1 está ocupada. Se reintentará en %2 s…</translation>
    </message>
    <message>
        <source>Reconnecting: the host is busy. Trying again in %1 s…</source>
        <translation>Reconectando: el anfitrión está ocupado. Se reintentará en %1 s…</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>A line for your friend:</source>
        <translation>Una línea para tu amigo:</translation>
    </message>
    <message>
        <source>Your friend is not connected: the message was not sent.</source>
        <translation>Tu amigo no está conectado: el mensaje no se ha enviado.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>Take back strokes?</source>
        <translation>¿Deshacer trazos?</translation>
    </message>
    <message>
        <source>%1 asks to take back the game to stroke %2. Do you agree?</source>
        <translation>%1 pide deshacer la partida hasta el trazo %2. ¿Estás de acuerdo?</translation>
    </message>
    <message>
        <source>&amp;Take back</source>
        <translation>&amp;Deshacer</translation>
    </message>
    <message>
        <source>&amp;Refuse</source>
        <translation>&amp;Rechazar</translation>
    </message>
    <message>
        <source>Your friend would rather play on: nothing was taken back.</source>
        <translation>Tu amigo prefiere seguir: no se ha deshecho nada.</translation>
    </message>
    <message>
        <source>Your friend has left. Host or join another game, or choose Game &gt; New game to play here.</source>
        <translation>Tu amigo se ha ido. Crea o únete a otra partida, o elige Partida &gt; Nueva partida para jugar aquí.</translation>
    </message>
    <message>
        <source>Asked your friend for another game…</source>
        <translation>Se ha pedido otra partida a tu amigo…</translation>
    </message>
    <message>
        <source>Your friend would rather not play again.</source>
        <translation>Tu amigo prefiere no jugar otra vez.</translation>
    </message>
    <message>
        <source>Another game?</source>
        <translation>¿Otra partida?</translation>
    </message>
    <message>
        <source>%1 would like another game. Play again?</source>
        <translation>%1 quiere jugar otra partida. ¿Jugar otra vez?</translation>
    </message>
    <message>
        <source>&amp;Play again</source>
        <translation>&amp;Jugar otra vez</translation>
    </message>
    <message>
        <source>&amp;No, thanks</source>
        <translation>&amp;No, gracias</translation>
    </message>
    <message>
        <source>The game with %1 could not be rejoined: it is kept in the History.</source>
        <translation>No se pudo volver a la partida con %1: queda guardada en el Historial de partidas.</translation>
    </message>
    <message>
        <source>Wrong game code: check it with your friend and try again.</source>
        <translation>Código de partida incorrecto: compruébalo con tu amigo y vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>Someone tried wrong game codes: the game was closed. Host again for a new code.</source>
        <translation>Alguien probó códigos de partida incorrectos: se cerró la partida. Crea otra para tener un código nuevo.</translation>
    </message>
    <message>
        <source>%1 declined: you cannot join this game.</source>
        <translation>%1 ha rechazado: no puedes unirte a esta partida.</translation>
    </message>
    <message>
        <source>The host</source>
        <translation>El anfitrión</translation>
    </message>
    <message>
        <source>No game could be started: nobody answered there, or the game was taken.</source>
        <translation>No se ha podido empezar una partida: nadie ha respondido allí, o la partida ya estaba ocupada.</translation>
    </message>
</context>
<context>
    <name>PlayerCard</name>
    <message numerus="yes">
        <source>%n triangle(s)</source>
        <translation>
            <numerusform>%n triángulo</numerusform>
            <numerusform>%n triángulos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PluginsDialog</name>
    <message>
        <source>Plugins</source>
        <translation>Complementos</translation>
    </message>
    <message numerus="yes">
        <source>Loaded plugins: %n</source>
        <translation>
            <numerusform>Complementos cargados: %n</numerusform>
            <numerusform>Complementos cargados: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Provides</source>
        <translation>Aporta</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message numerus="yes">
        <source>Plugins that could not be loaded: %n</source>
        <translation>
            <numerusform>Complementos que no se pudieron cargar: %n</numerusform>
            <numerusform>Complementos que no se pudieron cargar: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message numerus="yes">
        <source>Themes that were skipped: %n</source>
        <translation>
            <numerusform>Temas omitidos: %n</numerusform>
            <numerusform>Temas omitidos: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Open Plugin Folder</source>
        <translation>&amp;Abrir carpeta de complementos</translation>
    </message>
    <message>
        <source>The plugin folder could not be created: %1</source>
        <translation>No se pudo crear la carpeta de complementos: %1</translation>
    </message>
    <message>
        <source>No file manager could open the plugin folder: %1</source>
        <translation>Ningún gestor de archivos pudo abrir la carpeta de complementos: %1</translation>
    </message>
    <message>
        <source>To add a plugin, put it in this folder and restart Triangles: %1</source>
        <translation>Para añadir un complemento, ponlo en esta carpeta y reinicia Triangles: %1</translation>
    </message>
    <message>
        <source>Computer players: %1</source>
        <translation>Jugadores del ordenador: %1</translation>
    </message>
    <message>
        <source>Computer players</source>
        <translation>Jugadores del ordenador</translation>
    </message>
    <message>
        <source>Themes: %1</source>
        <translation>Temas: %1</translation>
    </message>
    <message>
        <source>Themes</source>
        <translation>Temas</translation>
    </message>
    <message>
        <source>It gives a computer player an id that is already taken.</source>
        <translation>Da a un jugador del ordenador un identificador que ya está en uso.</translation>
    </message>
    <message>
        <source>The background image of a theme of the plugin “%1” cannot be shown; the theme is offered with its colours alone.</source>
        <translation>La imagen de fondo de un tema del complemento «%1» no se puede mostrar; el tema se ofrece solo con sus colores.</translation>
    </message>
    <message>
        <source>The background image of a theme cannot be shown; the theme is offered with its colours alone.</source>
        <translation>La imagen de fondo de un tema no se puede mostrar; el tema se ofrece solo con sus colores.</translation>
    </message>
    <message>
        <source>A theme uses an id that another theme already has.</source>
        <translation>Un tema usa un identificador que ya tiene otro tema.</translation>
    </message>
    <message>
        <source>A theme is not valid.</source>
        <translation>Un tema no es válido.</translation>
    </message>
    <message>
        <source>A theme of the plugin “%1” uses an id that another theme already has.</source>
        <translation>Un tema del complemento «%1» usa un identificador que ya tiene otro tema.</translation>
    </message>
    <message>
        <source>A theme of the plugin “%1” is not valid.</source>
        <translation>Un tema del complemento «%1» no es válido.</translation>
    </message>
    <message>
        <source>Themes (all skipped)</source>
        <translation>Temas (todos omitidos)</translation>
    </message>
    <message>
        <source>Nothing</source>
        <translation>Nada</translation>
    </message>
    <message>
        <source>Its code could not be loaded.</source>
        <translation>No se pudo cargar su código.</translation>
    </message>
    <message>
        <source>Triangles could not register it.</source>
        <translation>Triangles no pudo registrarlo.</translation>
    </message>
    <message>
        <source>This plugin folder does not exist.</source>
        <translation>Esta carpeta de complementos no existe.</translation>
    </message>
    <message>
        <source>This plugin folder cannot be read.</source>
        <translation>Esta carpeta de complementos no se puede leer.</translation>
    </message>
    <message>
        <source>A plugin with the same name is already loaded.</source>
        <translation>Ya hay un complemento cargado con el mismo nombre.</translation>
    </message>
    <message>
        <source>It does not provide anything for Triangles.</source>
        <translation>No aporta nada a Triangles.</translation>
    </message>
    <message>
        <source>It uses a hook that this version of Triangles does not know.</source>
        <translation>Usa un punto de enganche (hook) que esta versión de Triangles no conoce.</translation>
    </message>
    <message>
        <source>It failed while telling Triangles what it provides.</source>
        <translation>Falló al indicar a Triangles lo que aporta.</translation>
    </message>
    <message>
        <source>It gave Triangles something it cannot use.</source>
        <translation>Entregó a Triangles algo que no puede usar.</translation>
    </message>
    <message>
        <source>The list of themes could not be read.</source>
        <translation>No se pudo leer la lista de temas.</translation>
    </message>
    <message>
        <source>In English, for the theme&apos;s author: %1</source>
        <translation>En inglés, para quien creó el tema: %1</translation>
    </message>
    <message>
        <source>Built-in themes</source>
        <translation>Temas integrados</translation>
    </message>
    <message>
        <source>Built-in</source>
        <translation>Integrado</translation>
    </message>
    <message>
        <source>Technical details (in English):</source>
        <translation>Detalles técnicos (en inglés):</translation>
    </message>
    <message>
        <source>Hide details</source>
        <translation>Ocultar detalles</translation>
    </message>
    <message>
        <source>Show details (traceback)</source>
        <translation>Mostrar detalles (traza)</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Ver en:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>Ficheros de &amp;tipo:</translation>
    </message>
</context>
<context>
    <name>Rejection</name>
    <message>
        <source>Already drawn</source>
        <translation>Ya existe</translation>
    </message>
    <message>
        <source>Passes over a star</source>
        <translation>Pasa sobre otra estrella</translation>
    </message>
    <message>
        <source>Crosses a stroke</source>
        <translation>Corta un trazo ya colocado</translation>
    </message>
</context>
<context>
    <name>RemoteSeat</name>
    <message>
        <source>Connection lost.</source>
        <translation>Conexión perdida.</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Sin conexión.</translation>
    </message>
    <message>
        <source>Plays from another computer.</source>
        <translation>Juega desde otro ordenador.</translation>
    </message>
    <message>
        <source>connection lost</source>
        <translation>conexión perdida</translation>
    </message>
    <message>
        <source>left</source>
        <translation>se ha ido</translation>
    </message>
    <message>
        <source>online</source>
        <translation>en línea</translation>
    </message>
    <message>
        <source>Reconnecting to %1…</source>
        <translation>Volviendo a conectar con %1…</translation>
    </message>
    <message>
        <source>Waiting for %1 to reconnect…</source>
        <translation>Esperando a que %1 se vuelva a conectar…</translation>
    </message>
    <message>
        <source>%1 has left the game.</source>
        <translation>%1 ha abandonado la partida.</translation>
    </message>
    <message>
        <source>Waiting for %1’s stroke…</source>
        <translation>Esperando el trazo de %1…</translation>
    </message>
    <message>
        <source>The connection to %1 was lost; the game goes on when they are back.</source>
        <translation>Se ha perdido la conexión con %1; la partida sigue cuando vuelva.</translation>
    </message>
    <message>
        <source>Something went wrong in the game with %1; the game is as it was.</source>
        <translation>Algo ha fallado en la partida con %1; la partida sigue como estaba.</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Move the ring to the nearest star that way</source>
        <translation>Llevar el anillo a la estrella más cercana en esa dirección</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>Flechas</translation>
    </message>
    <message>
        <source>Go from star to star</source>
        <translation>Pasar de una estrella a otra</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab, Mayús+Tab</translation>
    </message>
    <message>
        <source>Pick the star in the ring (a second one draws the stroke)</source>
        <translation>Elegir la estrella del anillo (una segunda hace el trazo)</translation>
    </message>
    <message>
        <source>Enter, Space</source>
        <translation>Intro, barra espaciadora</translation>
    </message>
    <message>
        <source>Let go of the picked star</source>
        <translation>Soltar la estrella elegida</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Zoom the board in or out</source>
        <translation>Ampliar o reducir el tablero</translation>
    </message>
    <message>
        <source>Ctrl+mouse wheel</source>
        <translation>Ctrl+rueda del ratón</translation>
    </message>
    <message>
        <source>Move over the zoomed board</source>
        <translation>Desplazarse por el tablero ampliado</translation>
    </message>
    <message>
        <source>Mouse wheel, or drag with the middle button</source>
        <translation>Rueda del ratón, o arrastrar con el botón central</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Orden</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
</context>
<context>
    <name>StatisticsDialog</name>
    <message>
        <source>Statistics</source>
        <translation>Estadísticas</translation>
    </message>
    <message>
        <source>Computer player</source>
        <translation>Nivel del ordenador</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Jugadas</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Ganadas</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Perdidas</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Empatadas</translation>
    </message>
    <message>
        <source>No games played yet.</source>
        <translation>Todavía no se ha jugado ninguna partida.</translation>
    </message>
    <message>
        <source>&amp;Reset statistics…</source>
        <translation>&amp;Restablecer estadísticas…</translation>
    </message>
    <message>
        <source>Forget every result against the computer</source>
        <translation>Olvidar todos los resultados contra el ordenador</translation>
    </message>
    <message>
        <source>Your earlier statistics could not be read.</source>
        <translation>No se pudieron leer tus estadísticas anteriores.</translation>
    </message>
    <message>
        <source>The statistics cannot be used right now.</source>
        <translation>Ahora mismo no se pueden usar las estadísticas.</translation>
    </message>
    <message>
        <source>Another program may be using the file, or the disk is full or read-only; games are not counted until it can be written again.</source>
        <translation>Puede que otro programa esté usando el archivo, o que el disco esté lleno o sea de solo lectura; las partidas no se cuentan hasta que se pueda volver a escribir.</translation>
    </message>
    <message>
        <source>The damaged file was kept as %1, and counting starts again from zero.</source>
        <translation>El archivo dañado se conservó como %1 y el recuento empieza de nuevo desde cero.</translation>
    </message>
    <message>
        <source>The damaged file could not be moved aside, so new results are not saved until you reset the statistics.</source>
        <translation>El archivo dañado no se pudo apartar, así que los nuevos resultados no se guardan hasta que restablezcas las estadísticas.</translation>
    </message>
    <message numerus="yes">
        <source>Games against the computer: %Ln</source>
        <translation>
            <numerusform>Partidas contra el ordenador: %Ln</numerusform>
            <numerusform>Partidas contra el ordenador: %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>No games against the computer yet. Results appear here after each game.</source>
        <translation>Todavía no hay partidas contra el ordenador. Los resultados aparecerán aquí después de cada partida.</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Results by month</source>
        <translation>Resultados por mes</translation>
    </message>
    <message>
        <source>Results by week (from Monday)</source>
        <translation>Resultados por semana (desde el lunes)</translation>
    </message>
    <message>
        <source>Results by day</source>
        <translation>Resultados por día</translation>
    </message>
    <message>
        <source>%1 (not installed)</source>
        <translation>%1 (no instalado)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n abandoned)</source>
        <translation>
            <numerusform>%1 (%n abandonada)</numerusform>
            <numerusform>%1 (%n abandonadas)</numerusform>
        </translation>
    </message>
    <message>
        <source>Games left unfinished count as lost.</source>
        <translation>Las partidas dejadas sin terminar cuentan como perdidas.</translation>
    </message>
    <message>
        <source>Another program is using the statistics file; try again when it is free.</source>
        <translation>Otro programa está usando el archivo de estadísticas; vuelve a intentarlo cuando quede libre.</translation>
    </message>
    <message>
        <source>The disk is full.</source>
        <translation>El disco está lleno.</translation>
    </message>
    <message>
        <source>The statistics file cannot be written (it is read-only).</source>
        <translation>No se puede escribir el archivo de estadísticas (es de solo lectura).</translation>
    </message>
    <message>
        <source>Reset statistics</source>
        <translation>Restablecer estadísticas</translation>
    </message>
    <message>
        <source>Forget all results against the computer? This cannot be undone.</source>
        <translation>¿Olvidar todos los resultados contra el ordenador? No se puede deshacer.</translation>
    </message>
    <message>
        <source>The statistics could not be reset.</source>
        <translation>No se pudieron restablecer las estadísticas.</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Play again after a triangle</source>
        <translation>Repetir tras un triángulo</translation>
    </message>
    <message>
        <source>One stroke per turn, even after a triangle</source>
        <translation>Un trazo por turno, también tras un triángulo</translation>
    </message>
</context>
<context>
    <name>StrategyNames</name>
    <message>
        <source>Easy</source>
        <translation>Fácil</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Medio</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Difícil</translation>
    </message>
</context>
<context>
    <name>ThemeNames</name>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Nebula</source>
        <translation>Nebulosa</translation>
    </message>
    <message>
        <source>Daylight</source>
        <translation>Luz de día</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Alto contraste</translation>
    </message>
</context>
</TS>
