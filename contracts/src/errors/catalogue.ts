// The error catalogue (docs/product/errors.md): every error or warning a user can meet is a code with an English and a
// Spanish message. Errors carry the HTTP status the API answers with; warnings carry `severity: 'warning'` and no
// status, because they travel inside successful responses. Messages may hold `{name}` placeholders that `translate`
// fills in. Messages of a fixed wording keep their English text verbatim (including its wording quirks).

export const httpStatuses = [400, 401, 403, 404, 409, 410, 413, 414, 422, 429, 500, 502, 503] as const;
export type HttpStatus = (typeof httpStatuses)[number];

export type CatalogueErrorEntry = { readonly status: HttpStatus; readonly en: string; readonly es: string };
export type CatalogueWarningEntry = { readonly severity: 'warning'; readonly en: string; readonly es: string };
export type CatalogueEntry = CatalogueErrorEntry | CatalogueWarningEntry;

export const errorCatalogue = {
  // ── Platform ──────────────────────────────────────────────────────────────────────────────────────────────────
  'request.invalid': {
    status: 400,
    en: 'The request is not valid. Check the highlighted fields.',
    es: 'La solicitud no es válida. Revisa los campos señalados.',
  },
  'request.payloadTooLarge': {
    status: 413,
    en: 'The request is too large.',
    es: 'La solicitud es demasiado grande.',
  },
  'request.conflict': {
    status: 409,
    en: 'Someone else changed this item in the meantime. Reload it and try again.',
    es: 'Otra persona ha modificado este elemento mientras tanto. Vuelve a cargarlo e inténtalo de nuevo.',
  },
  'request.tooMany': {
    status: 429,
    en: 'Too many requests. Wait a moment and try again.',
    es: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  },
  'request.invalidEncoding': {
    status: 400,
    en: 'The request body is not valid UTF-8 text.',
    es: 'El cuerpo de la solicitud no es texto UTF-8 válido.',
  },
  'request.pathTooLong': {
    status: 414,
    en: 'The request address is too long: at most {max} characters.',
    es: 'La dirección de la solicitud es demasiado larga: como máximo {max} caracteres.',
  },
  'request.invalidUrl': {
    status: 400,
    en: 'The request address is not valid: its percent-encoding does not decode to UTF-8 text.',
    es: 'La dirección de la solicitud no es válida: su codificación con porcentajes no se descodifica como texto UTF-8.',
  },
  'request.tooDeeplyNested': {
    status: 400,
    en: 'The request nests its data more than {max} levels deep.',
    es: 'La solicitud anida sus datos en más de {max} niveles.',
  },
  'auth.unauthenticated': {
    status: 401,
    en: 'You need to log in to continue.',
    es: 'Debes iniciar sesión para continuar.',
  },
  'auth.sessionExpired': {
    status: 401,
    en: 'Your session has expired. Log in again.',
    es: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  },
  'auth.invalidSignature': {
    status: 401,
    en: 'The request signature is not valid. Log in again.',
    es: 'La firma de la solicitud no es válida. Vuelve a iniciar sesión.',
  },
  'auth.staleRequest': {
    status: 401,
    en: 'The request is too old or your clock is wrong. Check the date and time of your device.',
    es: 'La solicitud es demasiado antigua o tu reloj no está en hora. Revisa la fecha y hora de tu dispositivo.',
  },
  'auth.replayedRequest': {
    status: 401,
    en: 'This request was already received once.',
    es: 'Esta solicitud ya se había recibido.',
  },
  'auth.adminOnly': {
    status: 403,
    en: 'Only administrators can do this.',
    es: 'Solo los administradores pueden hacer esto.',
  },
  'auth.forbidden': {
    status: 403,
    en: 'You do not have permission to do this.',
    es: 'No tienes permiso para realizar esta acción.',
  },
  'resource.notFound': {
    status: 404,
    en: 'The requested item does not exist.',
    es: 'El elemento solicitado no existe.',
  },
  'route.notFound': {
    status: 404,
    en: 'The requested address does not exist.',
    es: 'La dirección solicitada no existe.',
  },
  'dependency.unavailable': {
    status: 503,
    en: 'A service the platform depends on ({dependency}) is not available right now. Try again later.',
    es: 'Un servicio del que depende la plataforma ({dependency}) no está disponible en este momento. Inténtalo más tarde.',
  },
  'dependency.badResponse': {
    status: 502,
    en: 'A service the platform depends on ({dependency}) returned an invalid response. Try again later.',
    es: 'Un servicio del que depende la plataforma ({dependency}) ha devuelto una respuesta no válida. Inténtalo más tarde.',
  },
  'internal.error': {
    status: 500,
    en: 'An internal error occurred. Try again later.',
    es: 'Se ha producido un error interno. Inténtalo más tarde.',
  },

  // ── Generic ───────────────────────────────────────────────────────────────────────────────────────────────────
  'generic.error': {
    status: 500,
    en: 'Something went wrong. Please try again.',
    es: 'Algo ha salido mal. Inténtalo de nuevo.',
  },
  'generic.fetchFailed': {
    status: 500,
    en: 'Could not load the data.',
    es: 'No se han podido cargar los datos.',
  },
  'generic.refreshRequired': {
    status: 500,
    en: 'An unexpected error occurred. Please refresh the page.',
    es: 'Se ha producido un error inesperado. Actualiza la página.',
  },

  // ── Field validation (used as per-field codes inside `request.invalid` details) ─────────────────────────────
  'validation.required': {
    status: 400,
    en: 'This field is required.',
    es: 'Este campo es obligatorio.',
  },
  'validation.tooShort': {
    status: 400,
    en: 'This field must have at least {min} characters.',
    es: 'Este campo debe tener al menos {min} caracteres.',
  },
  'validation.tooLong': {
    status: 400,
    en: 'This field can have at most {max} characters.',
    es: 'Este campo puede tener como máximo {max} caracteres.',
  },
  'validation.tooSmall': {
    status: 400,
    en: 'The value must be at least {min}.',
    es: 'El valor debe ser como mínimo {min}.',
  },
  'validation.tooBig': {
    status: 400,
    en: 'The value can be at most {max}.',
    es: 'El valor puede ser como máximo {max}.',
  },
  'validation.outOfRange': {
    status: 400,
    en: 'The value must be between {min} and {max}.',
    es: 'El valor debe estar entre {min} y {max}.',
  },
  'validation.invalidNumber': {
    status: 400,
    en: 'Enter a valid number.',
    es: 'Introduce un número válido.',
  },
  'validation.digitsOnly': {
    status: 400,
    en: 'This field may only contain digits.',
    es: 'Este campo solo puede contener dígitos.',
  },
  'validation.invalidEmail': {
    status: 400,
    en: 'Enter a valid e-mail address.',
    es: 'Introduce una dirección de correo electrónico válida.',
  },
  'validation.invalidDate': {
    status: 400,
    en: 'Enter a valid date.',
    es: 'Introduce una fecha válida.',
  },
  'validation.endBeforeStart': {
    status: 400,
    en: 'The end date must be later than the start date.',
    es: 'La fecha de fin debe ser posterior a la fecha de inicio.',
  },
  'validation.invalidOption': {
    status: 400,
    en: 'The selected option is not valid.',
    es: 'La opción seleccionada no es válida.',
  },
  'validation.invalidFormat': {
    status: 400,
    en: 'The value does not have a valid format.',
    es: 'El valor no tiene un formato válido.',
  },
  'validation.invalidIpv4': {
    status: 400,
    en: 'Enter a valid IPv4 address.',
    es: 'Introduce una dirección IPv4 válida.',
  },
  'validation.mustBePositive': {
    status: 400,
    en: 'The value must be greater than 0.',
    es: 'El valor debe ser mayor que 0.',
  },
  'validation.invalidCharacters': {
    status: 400,
    en: 'The field {field} contains characters that are not allowed (a null character or an invalid Unicode character).',
    es: 'El campo {field} contiene caracteres no permitidos (un carácter nulo o un carácter Unicode no válido).',
  },
  'validation.filterIdTooLong': {
    status: 400,
    en: 'Each value of the filter {field} can have at most {max} characters.',
    es: 'Cada valor del filtro {field} puede tener como máximo {max} caracteres.',
  },
  'validation.filterTooManyValues': {
    status: 400,
    en: 'The filter {field} can list at most {max} values.',
    es: 'El filtro {field} puede incluir como máximo {max} valores.',
  },
  'validation.tooManyItems': {
    status: 400,
    en: 'This list can hold at most {max} items.',
    es: 'Esta lista puede tener como máximo {max} elementos.',
  },

  // ── Profiles and access (screens, profile images, roles) ────────────────────────────────────────────────────
  'profiles.noLayers': {
    status: 422,
    en: 'profile has no layers',
    es: 'el perfil no tiene capas',
  },
  'profiles.loadFailed': {
    status: 500,
    en: 'Could not load your profile.',
    es: 'No se ha podido cargar tu perfil.',
  },
  'profiles.switchFailed': {
    status: 500,
    en: 'Could not change the profile.',
    es: 'No se ha podido cambiar de perfil.',
  },
  'profiles.nameExists': {
    status: 409,
    en: 'A profile with this name already exists.',
    es: 'Ya existe un perfil con este nombre.',
  },
  'profiles.notAssigned': {
    status: 403,
    en: 'This profile is not assigned to you.',
    es: 'Este perfil no está asignado a tu usuario.',
  },
  'profiles.layerNotGranted': {
    status: 403,
    en: 'Your profile does not give access to this screen.',
    es: 'Tu perfil no da acceso a esta pantalla.',
  },
  'profiles.outOfDateLimits': {
    status: 422,
    en: 'The requested dates are outside the date limits of your profile.',
    es: 'Las fechas solicitadas están fuera de los límites de fechas de tu perfil.',
  },
  'profiles.selectionNotOffered': {
    status: 422,
    en: 'Your profile selects measurements by {offered}; {requested} cannot be used as a filter or breakdown.',
    es: 'Tu perfil selecciona las mediciones por {offered}; {requested} no se puede usar como filtro ni como desglose.',
  },
  'profiles.layerNeedsLink': {
    status: 400,
    en: 'The layer {layer} has no screen in this console: give it the link (URL) it opens.',
    es: 'La capa {layer} no tiene pantalla en esta consola: indica el enlace (URL) que abre.',
  },
  'profiles.layerLinkInvalid': {
    status: 400,
    en: 'A layer link must be an http or https address.',
    es: 'El enlace de una capa debe ser una dirección http o https.',
  },
  'profiles.imageTooLarge': {
    status: 400,
    en: 'The profile image must be smaller than 512 KB.',
    es: 'La imagen de perfil debe ocupar menos de 512 KB.',
  },
  'profiles.imageInvalidType': {
    status: 400,
    en: 'The profile image must be a PNG, JPG or JPEG file.',
    es: 'La imagen de perfil debe ser un archivo PNG, JPG o JPEG.',
  },
  'profiles.clustersUnused': {
    severity: 'warning',
    en: 'The profile {name} lists clusters, but “Uses clusters” is off: its clusters restrict nothing until it is on.',
    es: 'El perfil {name} tiene clústeres, pero «Usa clústeres» está desactivado: sus clústeres no restringen nada hasta que se active.',
  },
  'profiles.campaignsUnused': {
    severity: 'warning',
    en: 'The profile {name} lists campaigns, but “Uses clusters” is on: its campaigns restrict nothing while it is.',
    es: 'El perfil {name} tiene campañas, pero «Usa clústeres» está activado: sus campañas no restringen nada mientras lo esté.',
  },
  'profiles.noPrograms': {
    severity: 'warning',
    en: 'The profile {name} lists no programs: its users will have no program to analyse by program or destination, nor to extract as CSV.',
    es: 'El perfil {name} no tiene programas: sus usuarios no tendrán ningún programa que analizar por programa o destino ni que extraer en CSV.',
  },
  'profiles.programsWithoutDestinations': {
    severity: 'warning',
    en: 'The programs {programs} of the profile {name} have no destinations of their type: queries of them will be refused.',
    es: 'Los programas {programs} del perfil {name} no tienen destinos de su tipo: se rechazarán las consultas sobre ellos.',
  },

  // ── Destinations ──────────────────────────────────────────────────────────────────────────────────────────────
  'destinations.noTargets': {
    status: 422,
    en: 'Your profile has no targets enabled for the requested programs.',
    es: 'Tu perfil no tiene destinos habilitados para los programas solicitados.',
  },
  'destinations.someProgramsWithoutTargets': {
    severity: 'warning',
    en: 'Some of the requested programs have no targets enabled in your profile.',
    es: 'Algunos de los programas solicitados no tienen destinos habilitados en tu perfil.',
  },

  // ── Login ─────────────────────────────────────────────────────────────────────────────────────────────────────
  'login.invalidCredentials': {
    status: 401,
    en: 'Wrong user or password.',
    es: 'Usuario o contraseña incorrectos.',
  },
  'login.securityVerificationRequired': {
    status: 403,
    en: 'A security verification is needed. Complete it and try again.',
    es: 'Es necesaria una verificación de seguridad. Complétala e inténtalo de nuevo.',
  },
  'login.demoAccountRefused': {
    status: 403,
    en: 'Demo accounts cannot log in to a production platform.',
    es: 'Las cuentas de demostración no pueden iniciar sesión en una plataforma de producción.',
  },
  'login.internalError': {
    status: 500,
    en: 'Internal error. Please try again.',
    es: 'Error interno. Inténtalo de nuevo.',
  },
  'login.unknownUser': {
    status: 404,
    en: 'There is no user with that e-mail address.',
    es: 'No hay ningún usuario con esa dirección de correo electrónico.',
  },
  'login.emailRequired': {
    status: 400,
    en: 'Enter your e-mail address.',
    es: 'Introduce tu dirección de correo electrónico.',
  },
  'login.emailInvalid': {
    status: 400,
    en: 'The e-mail address is not valid.',
    es: 'La dirección de correo electrónico no es válida.',
  },
  'login.passwordRequired': {
    status: 400,
    en: 'Enter your password.',
    es: 'Introduce tu contraseña.',
  },

  // ── Change password ───────────────────────────────────────────────────────────────────────────────────────────
  'password.changeFailed': {
    status: 500,
    en: 'Could not change the password.',
    es: 'No se ha podido cambiar la contraseña.',
  },
  'password.notEqual': {
    status: 400,
    en: 'The passwords are not equal.',
    es: 'Las contraseñas no coinciden.',
  },
  'password.sameAsCurrent': {
    status: 400,
    en: 'The new password must be different from the current one.',
    es: 'La nueva contraseña debe ser distinta de la actual.',
  },
  'password.wrongCurrent': {
    status: 422,
    en: 'The current password is wrong.',
    es: 'La contraseña actual no es correcta.',
  },
  'password.tooWeak': {
    status: 400,
    en: 'The password must contain lower-case and upper-case letters and digits.',
    es: 'La contraseña debe contener letras minúsculas, mayúsculas y dígitos.',
  },
  'password.linkInvalid': {
    status: 410,
    en: 'This link is no longer valid. Ask for a new one.',
    es: 'Este enlace ya no es válido. Solicita uno nuevo.',
  },
  'password.tooShort': {
    status: 400,
    en: 'The password must be longer than {min} characters.',
    es: 'La contraseña debe tener más de {min} caracteres.',
  },

  // ── Probes ────────────────────────────────────────────────────────────────────────────────────────────────────
  'probes.fetchFailed': {
    status: 500,
    en: 'Could not load the probes.',
    es: 'No se han podido cargar las sondas.',
  },
  'probes.createFailed': {
    status: 500,
    en: 'Could not create the probe.',
    es: 'No se ha podido crear la sonda.',
  },
  'probes.updateFailed': {
    status: 500,
    en: 'Could not update the probe.',
    es: 'No se ha podido actualizar la sonda.',
  },
  'probes.deleteFailed': {
    status: 500,
    en: 'Could not delete the probe.',
    es: 'No se ha podido eliminar la sonda.',
  },
  'probes.idExists': {
    status: 409,
    en: 'A probe with this id already exists.',
    es: 'Ya existe una sonda con este identificador.',
  },
  'probes.notFound': {
    status: 404,
    en: 'The probe does not exist.',
    es: 'La sonda no existe.',
  },
  'probes.idInvalidFormat': {
    status: 400,
    en: 'The probe id may only contain lowercase letters and digits, without spaces.',
    es: 'El identificador de la sonda solo puede contener letras minúsculas y dígitos, sin espacios.',
  },
  'probes.notInProfile': {
    status: 422,
    en: 'The probe does not belong to your profile.',
    es: 'La sonda no pertenece a tu perfil.',
  },
  'probes.noCoordinates': {
    severity: 'warning',
    en: 'This probe has no coordinates, so it will not be shown on the probes map.',
    es: 'Esta sonda no tiene coordenadas, por lo que no aparecerá en el mapa de sondas.',
  },
  'probes.decryptFailed': {
    status: 500,
    en: 'The probe configuration could not be decrypted. You will be taken back to the probe list.',
    es: 'No se ha podido descifrar la configuración de la sonda. Volverás a la lista de sondas.',
  },
  'probes.userIdInvalid': {
    status: 400,
    en: 'The user id must be a number of 9 to 12 digits.',
    es: 'El identificador de usuario debe ser un número de entre 9 y 12 dígitos.',
  },
  'probes.expectedSpeedTooLong': {
    status: 400,
    en: 'The expected speed can have at most 8 characters.',
    es: 'La velocidad esperada puede tener como máximo 8 caracteres.',
  },
  'probes.dnsInvalid': {
    status: 400,
    en: 'The DNS server must be a valid IPv4 address.',
    es: 'El servidor DNS debe ser una dirección IPv4 válida.',
  },
  'probes.whatsappInvalid': {
    status: 400,
    en: 'The WhatsApp destination may only contain digits.',
    es: 'El destino de WhatsApp solo puede contener dígitos.',
  },
  'probes.whatsappSameAsDevice': {
    status: 400,
    en: 'The WhatsApp destination must be different from the device number.',
    es: 'El destino de WhatsApp debe ser distinto del número del dispositivo.',
  },
  'probes.latitudeInvalid': {
    status: 400,
    en: 'The latitude must be a valid number.',
    es: 'La latitud debe ser un número válido.',
  },
  'probes.longitudeInvalid': {
    status: 400,
    en: 'The longitude must be a valid number.',
    es: 'La longitud debe ser un número válido.',
  },
  'probes.portInvalid': {
    status: 400,
    en: 'The port may only contain digits.',
    es: 'El puerto solo puede contener dígitos.',
  },
  'probes.idImmutable': {
    status: 422,
    en: 'The probe id cannot be changed.',
    es: 'El identificador de la sonda no se puede cambiar.',
  },
  'probes.invalidIdsIgnored': {
    severity: 'warning',
    en: 'These probe ids are not valid and were not added: {ids}',
    es: 'Estos identificadores de sonda no son válidos y no se han añadido: {ids}',
  },

  // ── Probe status ──────────────────────────────────────────────────────────────────────────────────────────────
  'probeStatus.exportFailed': {
    status: 500,
    en: 'Could not export the probe status.',
    es: 'No se ha podido exportar el estado de las sondas.',
  },
  'probeStatus.noResults': {
    severity: 'warning',
    en: 'There are no results.',
    es: 'No hay resultados.',
  },
  'probeStatus.notFound': {
    status: 404,
    en: 'The probe status was not found.',
    es: 'No se ha encontrado el estado de la sonda.',
  },

  // ── Probe maps ────────────────────────────────────────────────────────────────────────────────────────────────
  'probeMaps.fetchFailed': {
    status: 500,
    en: 'Could not load the probes map.',
    es: 'No se ha podido cargar el mapa de sondas.',
  },
  'probeMaps.noProbes': {
    severity: 'warning',
    en: 'There are no probes to show.',
    es: 'No hay sondas que mostrar.',
  },
  'probeMaps.noGpsMarkers': {
    severity: 'warning',
    en: 'None of the probes has a GPS position to show on the map.',
    es: 'Ninguna de las sondas tiene una posición GPS que mostrar en el mapa.',
  },
  'probeMaps.tooManyResults': {
    severity: 'warning',
    en: 'There are more than 200 results; performance may be affected.',
    es: 'Hay más de 200 resultados; el rendimiento puede verse afectado.',
  },

  // ── Task suites (and task rules) ──────────────────────────────────────────────────────────────────────────────
  'taskSuites.createFailed': {
    status: 500,
    en: 'Could not create the task suite.',
    es: 'No se ha podido crear la batería de tareas.',
  },
  'taskSuites.updateFailed': {
    status: 500,
    en: 'Could not update the task suite.',
    es: 'No se ha podido actualizar la batería de tareas.',
  },
  'taskSuites.deleteFailed': {
    status: 500,
    en: 'Could not delete the task suite.',
    es: 'No se ha podido eliminar la batería de tareas.',
  },
  'taskSuites.nameExists': {
    status: 409,
    en: 'A task suite with this name already exists.',
    es: 'Ya existe una batería de tareas con este nombre.',
  },
  'taskSuites.taskIdDuplicate': {
    status: 400,
    en: 'Two tasks of a task suite cannot have the same id.',
    es: 'Dos tareas de una batería de tareas no pueden tener el mismo identificador.',
  },
  'taskSuites.familyChangeNeedsConfirmation': {
    status: 422,
    en: 'Changing the probe family erases all the tasks of this task suite. Confirm the change to continue.',
    es: 'Al cambiar la familia de sonda se borran todas las tareas de esta batería de tareas. Confirma el cambio para continuar.',
  },
  'taskSuites.layer3TimeTooShort': {
    status: 400,
    en: 'The layer 3 wait time, send time and TTL must be at least 60000 ms.',
    es: 'El tiempo de espera, el tiempo de envío y el TTL de capa 3 deben ser de al menos 60000 ms.',
  },
  'taskSuites.measurementTtlTooLong': {
    status: 400,
    en: 'The measurement TTL can be at most 172800000 ms (2 days).',
    es: 'El TTL de la medición puede ser como máximo de 172800000 ms (2 días).',
  },
  'taskSuites.shortTaskInterval': {
    severity: 'warning',
    en: 'The task {task} has an interval under 10 s, which is not recommended.',
    es: 'La tarea {task} tiene un intervalo inferior a 10 s, lo que no se recomienda.',
  },
  'taskSuites.taskDurationTooShort': {
    status: 400,
    en: 'The task duration must be at least 10000 ms.',
    es: 'La duración de la tarea debe ser de al menos 10000 ms.',
  },
  'taskSuites.twampPacketSizeOutOfRange': {
    status: 400,
    en: 'The TWAMP packet size must be between 41 and 1472.',
    es: 'El tamaño de paquete TWAMP debe estar entre 41 y 1472.',
  },
  'taskSuites.percentileOutOfRange': {
    status: 400,
    en: 'Each percentile must be between 0 and 100.',
    es: 'Cada percentil debe estar entre 0 y 100.',
  },
  'taskSuites.tooManyPercentiles': {
    status: 400,
    en: 'You can enter at most 5 percentiles.',
    es: 'Puedes introducir como máximo 5 percentiles.',
  },
  'taskSuites.errorThresholdInvalid': {
    status: 400,
    en: 'The error threshold must be between 0 and 1, with at most 3 decimals.',
    es: 'El umbral de error debe estar entre 0 y 1, con 3 decimales como máximo.',
  },
  'taskSuites.rampUpOutOfRange': {
    status: 400,
    en: 'The ramp-up value must be between 0 and 1.',
    es: 'El valor de rampa debe estar entre 0 y 1.',
  },
  'taskSuites.threadsTooFew': {
    status: 400,
    en: 'There must be at least 1 download and 1 upload thread.',
    es: 'Debe haber al menos 1 hilo de descarga y 1 de subida.',
  },
  'taskSuites.maxThreadsBelowInitial': {
    status: 400,
    en: 'The maximum number of threads must be equal to or higher than the initial number of threads.',
    es: 'El número máximo de hilos debe ser igual o superior al número inicial de hilos.',
  },
  'taskSuites.timeoutTooShort': {
    status: 400,
    en: 'The task timeout must be greater than the connect time plus the transfer time, or than the task duration.',
    es: 'El tiempo de espera de la tarea debe superar la suma del tiempo de conexión y el de transferencia, o la duración de la tarea.',
  },
  'taskSuites.ftpTimeoutTooShort': {
    status: 400,
    en: 'The FTP timeout must be at least the transfer time plus the IP and FTP establishment timeouts.',
    es: 'El tiempo de espera de FTP debe ser al menos la suma del tiempo de transferencia y los tiempos de establecimiento IP y FTP.',
  },
  'taskSuites.consecutivePolqa': {
    status: 400,
    en: 'Two voice-polqa tasks cannot follow each other.',
    es: 'No puede haber dos tareas voice-polqa seguidas.',
  },
  'taskSuites.polqaCadence': {
    severity: 'warning',
    en: 'The polqa task {task} runs more often than every 10 minutes; a cadence of at least 10 minutes is advised.',
    es: 'La tarea polqa {task} se ejecuta con más frecuencia que cada 10 minutos; se recomienda una cadencia de al menos 10 minutos.',
  },
  'taskSuites.tracerouteTtlTooShort': {
    status: 400,
    en: 'The traceroute TTL must be greater than the number of hops × 3000 plus 5000 ms.',
    es: 'El TTL del traceroute debe ser mayor que el número de saltos × 3000 más 5000 ms.',
  },
  'taskSuites.ftpBurstDelayInvalid': {
    status: 400,
    en: 'The FTP burst delay must be zero or a multiple of the interval.',
    es: 'El retardo de ráfaga FTP debe ser cero o un múltiplo del intervalo.',
  },
  'taskSuites.serversRequired': {
    status: 400,
    en: 'Add at least one server.',
    es: 'Añade al menos un servidor.',
  },
  'taskSuites.anyDnsRequiresExternal': {
    status: 400,
    en: 'The ANY DNS type only works with an external DNS server.',
    es: 'El tipo de DNS ANY solo funciona con un servidor DNS externo.',
  },
  'taskSuites.chromeInitialisation': {
    severity: 'warning',
    en: 'Chrome takes 15 s to start; the timeout of the task {task} does not allow for it.',
    es: 'Chrome tarda 15 s en iniciarse; el tiempo de espera de la tarea {task} no lo tiene en cuenta.',
  },

  // ── Universes ─────────────────────────────────────────────────────────────────────────────────────────────────
  'universes.fetchFailed': {
    status: 500,
    en: 'Could not load the universes.',
    es: 'No se han podido cargar los universos.',
  },
  'universes.logoTooLarge': {
    status: 400,
    en: 'The universe logo can be at most 500 KB.',
    es: 'El logotipo del universo puede ocupar como máximo 500 KB.',
  },
  'universes.forbiddenName': {
    status: 422,
    en: 'This name cannot be used for a universe.',
    es: 'Este nombre no se puede usar para un universo.',
  },
  'universes.nameExists': {
    status: 409,
    en: 'A universe with this name already exists.',
    es: 'Ya existe un universo con este nombre.',
  },
  'universes.dateRangesOverlap': {
    status: 422,
    en: 'Some of the date ranges overlap',
    es: 'Algunos de los rangos de fechas se solapan',
  },

  // ── Scorecards ────────────────────────────────────────────────────────────────────────────────────────────────
  'scorecards.fetchFailed': {
    status: 500,
    en: 'Could not fetch the scorecards.',
    es: 'No se han podido obtener los cuadros de mando.',
  },
  'scorecards.loadFailed': {
    status: 500,
    en: 'Could not load the scorecard.',
    es: 'No se ha podido cargar el cuadro de mando.',
  },
  'scorecards.calculateFailed': {
    status: 500,
    en: 'Could not calculate the scorecard.',
    es: 'No se ha podido calcular el cuadro de mando.',
  },
  'scorecards.noData': {
    severity: 'warning',
    en: 'There is no data for this scorecard.',
    es: 'No hay datos para este cuadro de mando.',
  },
  'scorecards.kpiNotMeasured': {
    severity: 'warning',
    en: 'The KPI {kpi} is not one the measurements carry, so it is not scored.',
    es: 'El KPI {kpi} no es uno de los que llevan las mediciones, así que no puntúa.',
  },
  'scorecards.kpiWithoutMosEntry': {
    severity: 'warning',
    en: 'The KPI {kpi} has no MOS entry to score it with, so it is not scored.',
    es: 'El KPI {kpi} no tiene ninguna entrada MOS con la que puntuarlo, así que no puntúa.',
  },
  'scorecards.outOfProfileDateLimits': {
    status: 422,
    en: 'The request is outside the date limits of your profile.',
    es: 'La solicitud está fuera de los límites de fechas de tu perfil.',
  },
  'scorecards.csvFailed': {
    status: 500,
    en: 'Could not generate the scorecard CSV.',
    es: 'No se ha podido generar el CSV del cuadro de mando.',
  },
  'scorecards.nameExists': {
    status: 409,
    en: 'A scorecard with this name already exists.',
    es: 'Ya existe un cuadro de mando con este nombre.',
  },
  'scorecards.kpiWeightsNotHundred': {
    status: 422,
    en: 'The weights of the KPIs must add up to 100%.',
    es: 'Los pesos de los KPI deben sumar 100 %.',
  },
  'scorecards.fringeEndNotAfterStart': {
    status: 400,
    en: 'The end of a fringe must be greater than its start.',
    es: 'El final de una franja debe ser mayor que su inicio.',
  },
  'scorecards.fringesOverlap': {
    status: 422,
    en: 'Some of the fringes overlap.',
    es: 'Algunas de las franjas se solapan.',
  },

  // ── MOS configurations (also the MOS entries of scorecards) ────────────────────────────────────────────────
  'moses.nameExists': {
    status: 409,
    en: 'A MOS configuration with this name already exists.',
    es: 'Ya existe una configuración MOS con este nombre.',
  },
  'moses.minAboveMax': {
    status: 400,
    en: 'The minimum cannot be greater than the maximum.',
    es: 'El mínimo no puede ser mayor que el máximo.',
  },
  'moses.limitsOutOfOrder': {
    status: 400,
    en: 'The limits must satisfy lower ≤ upper ≤ absolute upper.',
    es: 'Los límites deben cumplir inferior ≤ superior ≤ superior absoluto.',
  },
  'moses.weightsNotHundred': {
    status: 422,
    en: 'The weights of the MOS entries must add up to 100%.',
    es: 'Los pesos de las entradas MOS deben sumar 100 %.',
  },

  // ── Providers ─────────────────────────────────────────────────────────────────────────────────────────────────
  'providers.fetchFailed': {
    status: 500,
    en: 'Unable to fetch the providers.',
    es: 'No se han podido obtener los proveedores.',
  },
  'providers.saveFailed': {
    status: 500,
    en: 'Could not save the provider.',
    es: 'No se ha podido guardar el proveedor.',
  },
  'providers.nameExists': {
    status: 409,
    en: 'A provider with this name already exists.',
    es: 'Ya existe un proveedor con este nombre.',
  },
  'providers.imsiAlreadyAssigned': {
    status: 409,
    en: 'This IMSI is already assigned to another provider.',
    es: 'Este IMSI ya está asignado a otro proveedor.',
  },
  'providers.testFailed': {
    status: 500,
    en: 'The provider test failed.',
    es: 'La prueba del proveedor ha fallado.',
  },
  'providers.nameChangeNotAllowed': {
    status: 422,
    en: 'The name of a provider cannot be changed.',
    es: 'No se puede cambiar el nombre de un proveedor.',
  },
  'providers.numericInvalid': {
    status: 400,
    en: 'The numeric code must have 5 to 6 digits.',
    es: 'El código numérico debe tener entre 5 y 6 dígitos.',
  },
  'providers.imsiInvalid': {
    status: 400,
    en: 'The IMSI must have 14 to 15 digits.',
    es: 'El IMSI debe tener entre 14 y 15 dígitos.',
  },
  'providers.ipRangeInvalid': {
    status: 400,
    en: 'Each IP range must be a valid IPv4 or IPv6 range.',
    es: 'Cada rango de IP debe ser un rango IPv4 o IPv6 válido.',
  },
  'providers.probeIdInvalid': {
    status: 400,
    en: 'The probe id does not have a valid format.',
    es: 'El identificador de sonda no tiene un formato válido.',
  },

  // ── Alerts ────────────────────────────────────────────────────────────────────────────────────────────────────
  'alerts.fetchFailed': {
    status: 500,
    en: 'Could not load the alerts.',
    es: 'No se han podido cargar las alertas.',
  },
  'alerts.createFailed': {
    status: 500,
    en: 'Could not create the alert.',
    es: 'No se ha podido crear la alerta.',
  },
  'alerts.updateFailed': {
    status: 500,
    en: 'Could not update the alert.',
    es: 'No se ha podido actualizar la alerta.',
  },
  'alerts.deleteFailed': {
    status: 500,
    en: 'Could not delete the alert.',
    es: 'No se ha podido eliminar la alerta.',
  },
  'alerts.enableFailed': {
    status: 500,
    en: 'Could not enable the alert.',
    es: 'No se ha podido activar la alerta.',
  },
  'alerts.disableFailed': {
    status: 500,
    en: 'Could not disable the alert.',
    es: 'No se ha podido desactivar la alerta.',
  },
  'alerts.historyFailed': {
    status: 500,
    en: 'Could not load the alert history.',
    es: 'No se ha podido cargar el historial de alertas.',
  },
  'alerts.nameRequired': {
    status: 400,
    en: 'The alert needs a name.',
    es: 'La alerta necesita un nombre.',
  },
  'alerts.nameTooLong': {
    status: 400,
    en: 'The alert name can have at most {max} characters.',
    es: 'El nombre de la alerta puede tener como máximo {max} caracteres.',
  },
  'alerts.intervalRequired': {
    status: 400,
    en: 'The interval needs a value and a unit.',
    es: 'El intervalo necesita un valor y una unidad.',
  },
  'alerts.recipientsRequired': {
    status: 400,
    en: 'Add at least one e-mail recipient.',
    es: 'Añade al menos un destinatario de correo electrónico.',
  },
  'alerts.recipientInvalid': {
    status: 400,
    en: 'The e-mail recipient {recipient} is not valid.',
    es: 'El destinatario de correo electrónico {recipient} no es válido.',
  },
  'alerts.recipientEmpty': {
    status: 400,
    en: 'An e-mail recipient is empty: write an address or remove it.',
    es: 'Un destinatario de correo electrónico está vacío: escribe una dirección o quítalo.',
  },
  'alerts.landlineGrouping': {
    status: 400,
    en: 'Landline alerts must be grouped by probe or by universe.',
    es: 'Las alertas de red fija deben agruparse por sonda o por universo.',
  },
  'alerts.mobileGrouping': {
    status: 400,
    en: 'Mobile alerts must be grouped by probe or by campaign.',
    es: 'Las alertas móviles deben agruparse por sonda o por campaña.',
  },
  'alerts.duplicateCondition': {
    status: 400,
    en: 'Conditions {first} and {second} of the alert are the same.',
    es: 'Las condiciones {first} y {second} de la alerta son iguales.',
  },
  'alerts.conditionsRequired': {
    status: 400,
    en: 'The alert needs at least one condition.',
    es: 'La alerta necesita al menos una condición.',
  },
  'alerts.unknownKpi': {
    status: 400,
    en: 'The KPI of the condition is not one the platform measures.',
    es: 'El KPI de la condición no es uno de los que mide la plataforma.',
  },
  'alerts.programNotOffered': {
    status: 422,
    en: 'The program {program} is not among the programs of your profile.',
    es: 'El programa {program} no está entre los programas de tu perfil.',
  },
  'alerts.kpiNotOfProgram': {
    status: 422,
    en: 'The program {program} does not measure the KPI {kpi}.',
    es: 'El programa {program} no mide el KPI {kpi}.',
  },
  'alerts.kpiNotInProfile': {
    status: 422,
    en: 'Your profile does not analyse the KPI {kpi}.',
    es: 'Tu perfil no analiza el KPI {kpi}.',
  },
  'alerts.technologyNotInProfile': {
    status: 422,
    en: 'Your profile does not analyse the technology {technology}.',
    es: 'Tu perfil no analiza la tecnología {technology}.',
  },
  'alerts.providerNotInProfile': {
    status: 422,
    en: 'The provider {provider} is not among the providers of your profile.',
    es: 'El proveedor {provider} no está entre los proveedores de tu perfil.',
  },
  'alerts.campaignNotInProfile': {
    status: 422,
    en: 'The campaign {campaign} is not among the campaigns of your profile.',
    es: 'La campaña {campaign} no está entre las campañas de tu perfil.',
  },
  'alerts.backtestDaysOutOfRange': {
    status: 400,
    en: 'A back-test looks at the last {min} to {max} days.',
    es: 'Una prueba retrospectiva abarca los últimos {min} a {max} días.',
  },
  'alerts.backtestFailed': {
    status: 500,
    en: 'Could not evaluate the alert over the stored measurements.',
    es: 'No se ha podido evaluar la alerta sobre las mediciones almacenadas.',
  },
  'alerts.backtestGroupsCut': {
    severity: 'warning',
    en: 'The alert would have recorded something for {groups} groups; the first {shown} are shown.',
    es: 'La alerta habría registrado algo para {groups} grupos; se muestran los {shown} primeros.',
  },
  'alerts.backtestWindowsCut': {
    severity: 'warning',
    en: 'Some groups have more than {max} windows; their first {max} are shown.',
    es: 'Algunos grupos tienen más de {max} ventanas; se muestran sus {max} primeras.',
  },
  'push.endpointInvalid': {
    status: 400,
    en: 'The browser subscription needs an http or https push address.',
    es: 'La suscripción del navegador necesita una dirección de notificaciones http o https.',
  },
  'push.endpointNotPublic': {
    status: 422,
    en: 'Notifications are sent only to public https push services: {endpoint} is refused ({reason}).',
    es: 'Las notificaciones solo se envían a servicios públicos https: se rechaza {endpoint} ({reason}).',
  },
  'push.keysInvalid': {
    status: 400,
    en: "The browser subscription's keys are not valid.",
    es: 'Las claves de la suscripción del navegador no son válidas.',
  },
  'push.subscribeFailed': {
    status: 500,
    en: 'Could not turn on notifications in this browser.',
    es: 'No se han podido activar las notificaciones en este navegador.',
  },
  'push.unsubscribeFailed': {
    status: 500,
    en: 'Could not turn off notifications in this browser.',
    es: 'No se han podido desactivar las notificaciones en este navegador.',
  },

  // ── Cubes ───────────────────────────────────────────────────────────────────────────────────────────────────────
  'cubes.nameFormat': {
    status: 400,
    en: 'The name may only contain lowercase letters, digits, - and _, and must start with a letter or a digit.',
    es: 'El nombre solo puede contener letras minúsculas, dígitos, - y _, y debe empezar por una letra o un dígito.',
  },
  'cubes.nameExists': {
    status: 409,
    en: 'A cube with this name already exists.',
    es: 'Ya existe un cubo con este nombre.',
  },
  'cubes.hourGrainIsUtc': {
    status: 400,
    en: 'Hourly buckets are UTC hours: only a cube of days has a time zone.',
    es: 'Los intervalos horarios son horas UTC: solo un cubo de días tiene zona horaria.',
  },
  'cubes.definitionChanged': {
    status: 422,
    en: 'The dimensions, KPIs, grain and time zone of a cube cannot change: its rows were built with them. Create another cube.',
    es: 'Las dimensiones, los KPI, el intervalo y la zona horaria de un cubo no pueden cambiar: sus filas se construyeron con ellos. Crea otro cubo.',
  },
  'cubes.rebuildRange': {
    status: 400,
    en: 'A rebuild needs a range of at most {maxDays} days, its end after its start.',
    es: 'Una reconstrucción necesita un intervalo de {maxDays} días como máximo, con el final después del inicio.',
  },
  'cubes.fetchFailed': {
    status: 500,
    en: 'Could not load the cubes.',
    es: 'No se han podido cargar los cubos.',
  },
  'cubes.rebuildFailed': {
    status: 500,
    en: 'The cube could not be rebuilt. Try again.',
    es: 'No se ha podido reconstruir el cubo. Vuelve a intentarlo.',
  },
  // ── CDNs ──────────────────────────────────────────────────────────────────────────────────────────────────────
  'cdns.fetchFailed': {
    status: 500,
    en: 'Could not load the CDNs.',
    es: 'No se han podido cargar las CDN.',
  },
  'cdns.createFailed': {
    status: 500,
    en: 'Could not create the CDN.',
    es: 'No se ha podido crear la CDN.',
  },
  'cdns.updateFailed': {
    status: 500,
    en: 'Could not update the CDN.',
    es: 'No se ha podido actualizar la CDN.',
  },
  'cdns.triggerOutOfRange': {
    status: 400,
    en: 'The trigger must be between 0 and 1.',
    es: 'El disparador debe estar entre 0 y 1.',
  },
  'cdns.sizeInvalid': {
    status: 400,
    en: 'The size must be a number greater than 0.',
    es: 'El tamaño debe ser un número mayor que 0.',
  },
  'cdns.tagInvalid': {
    status: 400,
    en: 'Tags may only contain lowercase letters and digits.',
    es: 'Las etiquetas solo pueden contener letras minúsculas y dígitos.',
  },
  'cdns.urlRequired': {
    status: 400,
    en: 'The URL is required.',
    es: 'La URL es obligatoria.',
  },
  'cdns.urlInvalid': {
    status: 400,
    en: 'The URL is not valid.',
    es: 'La URL no es válida.',
  },
  'cdns.headerIncomplete': {
    status: 400,
    en: 'Each header needs a name and a value.',
    es: 'Cada cabecera necesita un nombre y un valor.',
  },
  'cdns.requestBodyInvalid': {
    status: 400,
    en: 'The request body must be valid JSON.',
    es: 'El cuerpo de la petición debe ser un JSON válido.',
  },
  'cdns.typeInvalid': {
    status: 400,
    en: 'The CDN type is not valid.',
    es: 'El tipo de CDN no es válido.',
  },
  'cdns.nameExists': {
    status: 409,
    en: 'A CDN with this name already exists.',
    es: 'Ya existe una CDN con este nombre.',
  },

  // ── Tokens ────────────────────────────────────────────────────────────────────────────────────────────────────
  'tokens.generateFailed': {
    status: 500,
    en: 'Error generating the token.',
    es: 'Error al generar el token.',
  },
  'tokens.listFailed': {
    status: 500,
    en: 'Error listing the tokens.',
    es: 'Error al listar los tokens.',
  },
  'tokens.unlimitedInternalOnly': {
    status: 403,
    en: 'Tokens with unlimited requests are for internal use only.',
    es: 'Los tokens con peticiones ilimitadas son solo para uso interno.',
  },
  'tokens.apiAccessDisabled': {
    status: 403,
    en: 'Your profile does not have API access.',
    es: 'Tu perfil no tiene acceso a la API.',
  },
  'tokens.expiryInPast': {
    status: 400,
    en: 'The expiration date must be in the future.',
    es: 'La fecha de caducidad debe ser futura.',
  },
  'tokens.expired': {
    status: 401,
    en: 'The token has expired.',
    es: 'El token ha caducado.',
  },

  // ── CSV templates and extractor ───────────────────────────────────────────────────────────────────────────────
  'csvTemplates.fetchFailed': {
    status: 500,
    en: 'Could not load the CSV templates.',
    es: 'No se han podido cargar las plantillas CSV.',
  },
  'csvTemplates.saveFailed': {
    status: 500,
    en: 'Could not save the CSV template.',
    es: 'No se ha podido guardar la plantilla CSV.',
  },
  'csvTemplates.updateFailed': {
    status: 500,
    en: 'Could not update the CSV template.',
    es: 'No se ha podido actualizar la plantilla CSV.',
  },
  'csvTemplates.deleteFailed': {
    status: 500,
    en: 'Could not delete the CSV template.',
    es: 'No se ha podido eliminar la plantilla CSV.',
  },
  'csvTemplates.lastFavorite': {
    status: 422,
    en: 'At least one CSV template must stay favorite.',
    es: 'Al menos una plantilla CSV debe seguir marcada como favorita.',
  },
  'csvTemplates.unknownField': {
    status: 400,
    en: 'Choose a measurement field the CSV can write.',
    es: 'Elige un campo de la medición que el CSV pueda escribir.',
  },
  'csvTemplates.unknownKpi': {
    status: 400,
    en: 'Choose a KPI of the catalogue.',
    es: 'Elige un KPI del catálogo.',
  },
  'csvTemplates.fieldOrKey': {
    status: 400,
    en: 'Each column writes either a measurement field or a KPI.',
    es: 'Cada columna escribe o bien un campo de la medición o bien un KPI.',
  },
  'csvTemplates.operationNotAllowed': {
    status: 400,
    en: "This operation does not apply to the column's values.",
    es: 'Esta operación no se aplica a los valores de la columna.',
  },
  'csvTemplates.noColumns': {
    status: 400,
    en: 'A CSV template needs at least one column.',
    es: 'Una plantilla CSV necesita al menos una columna.',
  },
  'csvTemplates.programNotOffered': {
    status: 422,
    en: 'The program {program} is not among the chosen programs of your profile.',
    es: 'El programa {program} no está entre los programas elegidos de tu perfil.',
  },
  'csvTemplates.kpiNotOfProgram': {
    status: 422,
    en: 'The program {program} does not measure the KPI {kpi}.',
    es: 'El programa {program} no mide el KPI {kpi}.',
  },
  'csvTemplates.kpiNotInProfile': {
    status: 422,
    en: 'Your profile does not analyse the KPI {kpi}.',
    es: 'Tu perfil no analiza el KPI {kpi}.',
  },
  'csvTemplates.serviceNotOfProfile': {
    status: 422,
    en: "Your profile does not analyse this service's measurements.",
    es: 'Tu perfil no analiza las mediciones de este servicio.',
  },
  'csvTemplates.builtInUnchangeable': {
    status: 422,
    en: 'The default template cannot be changed or deleted.',
    es: 'La plantilla predeterminada no se puede modificar ni eliminar.',
  },
  'csvTemplates.stillFavorite': {
    status: 409,
    en: 'The template is a favorite: unmark it before deleting it.',
    es: 'La plantilla es favorita: desmárcala antes de eliminarla.',
  },
  'csvExtractor.defaultTemplateOnly': {
    severity: 'warning',
    en: 'The templates could not be loaded; only the default template is available.',
    es: 'No se han podido cargar las plantillas; solo está disponible la plantilla predeterminada.',
  },
  'csvExtractor.defaultTechnologies': {
    severity: 'warning',
    en: 'The technologies could not be loaded; the default technologies are used.',
    es: 'No se han podido cargar las tecnologías; se usan las tecnologías predeterminadas.',
  },
  'csvExport.decimalCommaNeedsSemicolon': {
    status: 400,
    en: 'The decimal separator “{decimalSeparator}” needs the delimiter “{required}”: with the delimiter “{delimiter}” every decimal number would be split into two cells.',
    es: 'El separador decimal «{decimalSeparator}» necesita el delimitador «{required}»: con el delimitador «{delimiter}» cada número decimal se partiría en dos celdas.',
  },

  // ── CSV import of probes ──────────────────────────────────────────────────────────────────────────────────────
  'csvImport.invalidFileFormat': {
    status: 400,
    en: 'Invalid file format. Only comma-separated .csv files are accepted.',
    es: 'Formato de archivo no válido. Solo se aceptan archivos .csv separados por comas.',
  },
  'csvImport.readFailed': {
    status: 400,
    en: 'The file could not be read.',
    es: 'No se ha podido leer el archivo.',
  },
  'csvImport.unsupportedReader': {
    status: 400,
    en: 'Your browser cannot read files. Use a different browser.',
    es: 'Tu navegador no puede leer archivos. Usa otro navegador.',
  },
  'csvImport.requiredFieldsMissing': {
    status: 400,
    en: 'Some required fields are empty.',
    es: 'Algunos campos obligatorios están vacíos.',
  },
  'csvImport.valueNotAllowed': {
    status: 400,
    en: 'The value of {field} is not in the list of allowed values.',
    es: 'El valor de {field} no está en la lista de valores permitidos.',
  },
  'csvImport.probeIdExists': {
    status: 409,
    en: 'The probe id {probeId} already exists.',
    es: 'El identificador de sonda {probeId} ya existe.',
  },
  'csvImport.configurationError': {
    status: 500,
    en: 'There was an error configuring the probes from the file.',
    es: 'Se ha producido un error al configurar las sondas a partir del archivo.',
  },
  'csvImport.invalidRows': {
    status: 422,
    en: '{count} rows of the file have errors, so nothing was imported. Correct them and import the file again.',
    es: '{count} filas del archivo tienen errores, así que no se ha importado nada. Corrígelas y vuelve a importar el archivo.',
  },
  'csvImport.duplicateProbeId': {
    status: 409,
    en: 'The probe id {probeId} appears more than once in the file.',
    es: 'El identificador de sonda {probeId} aparece más de una vez en el archivo.',
  },
  'csvImport.columnCountMismatch': {
    status: 400,
    en: 'This row has {found} values, but the header has {expected} columns.',
    es: 'Esta fila tiene {found} valores, pero la cabecera tiene {expected} columnas.',
  },
  'csvImport.tooManyRows': {
    status: 413,
    en: 'The file has more than {limit} probes, the most one import takes. Split it into files of {limit} probes or fewer.',
    es: 'El archivo tiene más de {limit} sondas, el máximo de una importación. Divídelo en archivos de {limit} sondas o menos.',
  },

  // ── Imported results (RIPE Atlas, M-Lab ndt7, iperf3, Ookla) ────────────────────────────────────────────────────
  'resultImports.tooLarge': {
    status: 413,
    en: 'The file is larger than {limit} MB. Split it into smaller files.',
    es: 'El archivo ocupa más de {limit} MB. Divídelo en archivos más pequeños.',
  },
  'resultImports.urlNotAllowed': {
    status: 400,
    en: 'The file at {url} cannot be imported ({reason}): only public http and https addresses can.',
    es: 'No se puede importar el archivo de {url} ({reason}): solo se pueden importar direcciones http y https públicas.',
  },
  'resultImports.downloadFailed': {
    status: 422,
    en: 'The file at {url} could not be downloaded ({reason}).',
    es: 'No se ha podido descargar el archivo de {url} ({reason}).',
  },
  'resultImports.notJson': {
    status: 422,
    en: 'This is not JSON: it could not be read.',
    es: 'Esto no es JSON: no se ha podido leer.',
  },
  'resultImports.probeNotYours': {
    status: 403,
    en: 'The results cannot be imported for probe {probeId}: your profile does not see it.',
    es: 'No se pueden importar los resultados para la sonda {probeId}: tu perfil no la ve.',
  },
  'resultImports.notFound': {
    status: 404,
    en: 'The import does not exist.',
    es: 'La importación no existe.',
  },
  'resultImports.failed': {
    status: 500,
    en: 'The import stopped because of an internal error. Import the file again: what was already imported is not repeated.',
    es: 'La importación se ha detenido por un error interno. Vuelve a importar el archivo: lo ya importado no se repite.',
  },
  'resultImports.fetchFailed': {
    status: 500,
    en: 'Could not load the imports.',
    es: 'No se han podido cargar las importaciones.',
  },
  'resultImports.startFailed': {
    status: 500,
    en: 'The import could not be started. Try again.',
    es: 'No se ha podido iniciar la importación. Inténtalo de nuevo.',
  },
  'resultImports.fileUnreadable': {
    status: 400,
    en: 'The file could not be read. Choose it again, or use a different browser.',
    es: 'No se ha podido leer el archivo. Vuelve a elegirlo o usa otro navegador.',
  },
  'resultImports.compressedFile': {
    status: 400,
    en: 'The file is gzip-compressed: decompress it first, or import it from its address.',
    es: 'El archivo está comprimido con gzip: descomprímelo antes o impórtalo desde su dirección.',
  },
  'resultImports.notAResult': {
    status: 422,
    en: 'This is not a {format} result.',
    es: 'Esto no es un resultado de {format}.',
  },
  'resultImports.invalidField': {
    status: 422,
    en: 'The result’s {field} is missing or not valid.',
    es: 'El campo {field} del resultado falta o no es válido.',
  },
  'resultImports.unsupportedType': {
    status: 422,
    en: 'Results of type {type} cannot be imported; these can: {supported}.',
    es: 'Los resultados de tipo {type} no se pueden importar; estos sí: {supported}.',
  },
  'resultImports.noTime': {
    status: 422,
    en: 'The result does not say when it was measured: give the import a measurement time.',
    es: 'El resultado no dice cuándo se midió: indica en la importación una hora de medición.',
  },
  'resultImports.noDirection': {
    status: 422,
    en: 'The row does not say whether it measured download or upload: give the import a direction.',
    es: 'La fila no dice si midió la descarga o la subida: indica en la importación una dirección.',
  },

  // ── Measurements and test analysis ────────────────────────────────────────────────────────────────────────────
  'measurements.fetchFailed': {
    status: 500,
    en: 'Could not load the measurements.',
    es: 'No se han podido cargar las mediciones.',
  },
  'measurements.infoLoadFailed': {
    status: 500,
    en: 'Error loading the measurement information.',
    es: 'Error al cargar la información de la medición.',
  },
  'measurements.resultsFailed': {
    status: 500,
    en: 'Error obtaining the results.',
    es: 'Error al obtener los resultados.',
  },
  'measurements.notFound': {
    status: 404,
    en: 'The measurement does not exist.',
    es: 'La medición no existe.',
  },
  'measurements.inProgress': {
    status: 409,
    en: 'A measurement is already in progress. Confirm to cancel it and launch the new one.',
    es: 'Ya hay una medición en curso. Confirma para cancelarla y lanzar la nueva.',
  },
  'measurements.inProgressOnProbes': {
    status: 409,
    en: '{count} of the {probes} probes of cluster {clusterName} have a measurement in progress. Confirm to cancel them and launch the new one on every probe.',
    es: '{count} de las {probes} sondas del clúster {clusterName} tienen una medición en curso. Confirma para cancelarlas y lanzar la nueva en todas las sondas.',
  },
  'measurements.noProbesToLaunch': {
    status: 422,
    en: 'Cluster {clusterName} has no active probe you can launch a measurement on.',
    es: 'El clúster {clusterName} no tiene ninguna sonda activa en la que puedas lanzar una medición.',
  },
  'measurements.tooManyProbesToLaunch': {
    status: 422,
    en: 'A launch reaches at most {max} probes; cluster {clusterName} has {count}.',
    es: 'Un lanzamiento llega como máximo a {max} sondas; el clúster {clusterName} tiene {count}.',
  },
  'measurements.ofAnotherProbe': {
    status: 422,
    en: 'The measurement was taken by probe {measuredBy}, not by this probe ({probeId}).',
    es: 'La medición la ha tomado la sonda {measuredBy}, no esta sonda ({probeId}).',
  },
  'measurements.unknownProbe': {
    status: 422,
    en: 'No probe {probeId} exists: its result was not stored.',
    es: 'No existe ninguna sonda {probeId}: su resultado no se ha guardado.',
  },
  'testAnalysis.programsFetchFailed': {
    status: 500,
    en: 'Could not load the programs.',
    es: 'No se han podido cargar los programas.',
  },
  'testAnalysis.resultsFetchFailed': {
    status: 500,
    en: 'Could not load the results.',
    es: 'No se han podido cargar los resultados.',
  },
  'testAnalysis.probesFetchFailed': {
    status: 500,
    en: 'Could not load the probes for the test analysis.',
    es: 'No se han podido cargar las sondas para el análisis de pruebas.',
  },

  // ── Evolution and smart performance ───────────────────────────────────────────────────────────────────────────
  'evolution.fetchFailed': {
    status: 500,
    en: 'Could not load the evolution data.',
    es: 'No se han podido cargar los datos de evolución.',
  },
  'smartPerformance.fetchFailed': {
    status: 500,
    en: 'Could not load the smart performance data.',
    es: 'No se han podido cargar los datos de rendimiento inteligente.',
  },

  // ── Personal dashboards ───────────────────────────────────────────────────────────────────────────────────────
  'dashboards.fetchFailed': {
    status: 500,
    en: 'Could not load the dashboards.',
    es: 'No se han podido cargar los paneles.',
  },
  'dashboards.graphicDataFetchFailed': {
    status: 500,
    en: 'Could not load the graphic data.',
    es: 'No se han podido cargar los datos del gráfico.',
  },
  'dashboards.universeProbesFetchFailed': {
    status: 500,
    en: 'Could not load the probes of the universe.',
    es: 'No se han podido cargar las sondas del universo.',
  },
  'dashboards.sendFailed': {
    status: 500,
    en: 'Could not send the dashboard.',
    es: 'No se ha podido enviar el panel.',
  },
  'dashboards.saveFailed': {
    status: 500,
    en: 'Could not save the dashboard.',
    es: 'No se ha podido guardar el panel.',
  },
  'dashboards.deleteFailed': {
    status: 500,
    en: 'Could not delete the dashboard.',
    es: 'No se ha podido eliminar el panel.',
  },
  'dashboards.graphicDeleteFailed': {
    status: 500,
    en: 'Could not delete the graphic.',
    es: 'No se ha podido eliminar el gráfico.',
  },
  'dashboards.duplicateName': {
    status: 409,
    en: 'It is not possible to save the dashboard. You already have one with that name, try a different one.',
    es: 'No es posible guardar el panel. Ya tienes uno con ese nombre; prueba con otro.',
  },
  'dashboards.categoryExists': {
    status: 409,
    en: 'There is already a category with that name',
    es: 'Ya existe una categoría con ese nombre',
  },
  'dashboards.filtersNotApplicable': {
    status: 422,
    en: "Selected filters don't apply over this graphic",
    es: 'Los filtros seleccionados no se aplican a este gráfico',
  },
  'dashboards.noData': {
    severity: 'warning',
    en: 'There is no data for applied filters',
    es: 'No hay datos para los filtros aplicados',
  },
  'dashboards.categoryUpdateFailed': {
    status: 500,
    en: 'Could not update the categories.',
    es: 'No se han podido actualizar las categorías.',
  },
  'dashboards.shareFailed': {
    status: 500,
    en: 'There has been an error. Please, retry.',
    es: 'Se ha producido un error. Inténtalo de nuevo.',
  },
  'dashboards.userListFailed': {
    status: 500,
    en: 'Could not load the list of users.',
    es: 'No se ha podido cargar la lista de usuarios.',
  },
  'dashboards.notificationsFetchFailed': {
    status: 500,
    en: 'Could not load the notifications.',
    es: 'No se han podido cargar las notificaciones.',
  },
  'dashboards.notificationReadFailed': {
    status: 500,
    en: 'Could not mark the notification as read.',
    es: 'No se ha podido marcar la notificación como leída.',
  },
  'dashboards.invalidEmails': {
    status: 400,
    en: "Some of the email's list hasn't a valid format",
    es: 'Algunas de las direcciones de correo de la lista no tienen un formato válido',
  },
  'dashboards.notOwner': {
    status: 403,
    en: 'Only the owner can change this dashboard. Save a copy to make your own changes.',
    es: 'Solo el propietario puede modificar este panel. Guarda una copia para hacer tus propios cambios.',
  },
  'dashboards.cloneNameRequired': {
    status: 400,
    en: 'Give the copy a name to save it; otherwise it will be lost.',
    es: 'Ponle un nombre a la copia para guardarla; de lo contrario, se perderá.',
  },
  'dashboards.imageTooLarge': {
    status: 413,
    en: 'The dashboard image is too large (1 MB at most).',
    es: 'La imagen del panel es demasiado grande (1 MB como máximo).',
  },
  'dashboards.categoryNotFound': {
    status: 404,
    en: 'The dashboard has no category with that name.',
    es: 'El panel no tiene ninguna categoría con ese nombre.',
  },
  'dashboards.tableExceedsPdf': {
    severity: 'warning',
    en: 'A table in this dashboard is larger than the PDF page, so part of it will not be shown.',
    es: 'Una tabla de este panel es más grande que la página del PDF, por lo que parte de ella no se mostrará.',
  },
  'dashboards.scorecardGraphicsDeleted': {
    severity: 'warning',
    en: 'All the graphics that belong to this scorecard have been deleted.',
    es: 'Se han eliminado todos los gráficos que pertenecen a este cuadro de mando.',
  },

  // ── Graphics ──────────────────────────────────────────────────────────────────────────────────────────────────
  'graphics.generateFailed': {
    status: 500,
    en: 'Could not generate the graphic.',
    es: 'No se ha podido generar el gráfico.',
  },
  'graphics.kpisFetchFailed': {
    status: 500,
    en: 'Could not load the KPIs of your profile.',
    es: 'No se han podido cargar los KPI de tu perfil.',
  },
  'graphics.mappingsFetchFailed': {
    status: 500,
    en: 'Could not load the mappings.',
    es: 'No se han podido cargar los mapeos.',
  },
  'graphics.fieldsLoadFailed': {
    status: 500,
    en: 'Could not load the fields.',
    es: 'No se han podido cargar los campos.',
  },
  'graphics.noData': {
    severity: 'warning',
    en: 'No data for selected values',
    es: 'No hay datos para los valores seleccionados',
  },
  'graphics.reproducedWithNarrowerAccess': {
    severity: 'warning',
    en: 'Your access to the data has narrowed since these numbers were computed: they are answered within what you may see now, and may differ.',
    es: 'Tu acceso a los datos se ha reducido desde que se calcularon estas cifras: se responden con lo que puedes ver ahora y pueden ser distintas.',
  },
  'graphics.typeRequiresAdvanced': {
    status: 403,
    en: 'This graphic type is only available in the advanced generator, which your profile does not include.',
    es: 'Este tipo de gráfico solo está disponible en el generador avanzado, que tu perfil no incluye.',
  },
  'graphics.kpiNotAllowed': {
    status: 400,
    en: 'Boxplot and scatterplot graphics do not accept a KPI.',
    es: 'Los gráficos de tipo boxplot y scatterplot no admiten un KPI.',
  },
  'graphics.scatterplotSampled': {
    severity: 'warning',
    en: 'The scatterplot shows a random sample of 10,000 points per universe or campaign.',
    es: 'El gráfico de dispersión muestra una muestra aleatoria de 10.000 puntos por universo o campaña.',
  },
  'graphics.tooManyBuckets': {
    status: 422,
    en: 'The graphic would have too many points. Choose a coarser granularity, fewer breakdowns or a shorter date range.',
    es: 'El gráfico tendría demasiados puntos. Elige una granularidad más gruesa, menos desgloses o un intervalo de fechas más corto.',
  },
  'graphics.conditionsTooDeep': {
    status: 400,
    en: 'Conditions can be nested at most {max} levels deep.',
    es: 'Las condiciones pueden anidarse como máximo en {max} niveles.',
  },
  'graphics.tooManyConditions': {
    status: 400,
    en: 'A graphic can have at most {max} conditions.',
    es: 'Un gráfico puede tener como máximo {max} condiciones.',
  },

  // ── Tags ──────────────────────────────────────────────────────────────────────────────────────────────────────
  'tags.fetchFailed': {
    status: 500,
    en: 'Could not load the tags.',
    es: 'No se han podido cargar las etiquetas.',
  },
  'tags.createFailed': {
    status: 500,
    en: 'Could not create the tag.',
    es: 'No se ha podido crear la etiqueta.',
  },
  'tags.updateFailed': {
    status: 500,
    en: 'Could not update the tag.',
    es: 'No se ha podido actualizar la etiqueta.',
  },
  'tags.deleteFailed': {
    status: 500,
    en: 'Could not delete the tag.',
    es: 'No se ha podido eliminar la etiqueta.',
  },
  'tags.profilesFetchFailed': {
    status: 500,
    en: 'Could not load the profiles of the tag.',
    es: 'No se han podido cargar los perfiles de la etiqueta.',
  },
  'tags.nameExists': {
    status: 409,
    en: 'Already exists a tag with this name',
    es: 'Ya existe una etiqueta con este nombre',
  },

  // ── Users ─────────────────────────────────────────────────────────────────────────────────────────────────────
  'users.fetchFailed': {
    status: 500,
    en: 'Could not load the users.',
    es: 'No se han podido cargar los usuarios.',
  },
  'users.createFailed': {
    status: 500,
    en: 'Could not create the user.',
    es: 'No se ha podido crear el usuario.',
  },
  'users.saveFailed': {
    status: 500,
    en: 'Could not save the user.',
    es: 'No se ha podido guardar el usuario.',
  },
  'users.deleteFailed': {
    status: 500,
    en: 'Could not delete the user.',
    es: 'No se ha podido eliminar el usuario.',
  },
  'users.resetPasswordFailed': {
    status: 500,
    en: 'Could not reset the password of the user.',
    es: 'No se ha podido restablecer la contraseña del usuario.',
  },
  'users.profilesFetchFailed': {
    status: 500,
    en: 'Could not load the profiles of the user.',
    es: 'No se han podido cargar los perfiles del usuario.',
  },
  'users.alreadyExists': {
    status: 409,
    en: 'This user is already in the DB',
    es: 'Este usuario ya existe en la base de datos',
  },
  'users.emailDomainNotAllowed': {
    status: 422,
    en: 'The domain of this e-mail address is not allowed.',
    es: 'El dominio de esta dirección de correo electrónico no está permitido.',
  },

  // ── Maps ──────────────────────────────────────────────────────────────────────────────────────────────────────
  'maps.resultsFailed': {
    status: 500,
    en: 'Could not load the map results.',
    es: 'No se han podido cargar los resultados del mapa.',
  },
  'maps.campaignWithoutPolygon': {
    status: 422,
    en: 'Campaign has not defined polygon',
    es: 'La campaña no tiene un polígono definido',
  },
  'maps.noResults': {
    severity: 'warning',
    en: 'No results found for the requested filters',
    es: 'No se han encontrado resultados para los filtros solicitados',
  },
  'maps.sampleLimitExceeded': {
    severity: 'warning',
    en: 'The selection has more samples than the map can show ({limit}). To see the map, narrow it: fewer days or hours, a smaller campaign or fewer probes.',
    es: 'La selección tiene más muestras de las que el mapa puede mostrar ({limit}). Para ver el mapa, acótala: menos días u horas, una campaña más pequeña o menos sondas.',
  },
  'maps.tooManySamples': {
    status: 422,
    en: 'The selection has more samples than the map can show ({limit}). To download them, narrow it: fewer days or hours, a smaller campaign or fewer probes.',
    es: 'La selección tiene más muestras de las que el mapa puede mostrar ({limit}). Para descargarlas, acótala: menos días u horas, una campaña más pequeña o menos sondas.',
  },
  'maps.paletteRequired': {
    status: 400,
    en: 'Select a colour palette.',
    es: 'Selecciona una paleta de colores.',
  },

  // ── Campaigns ─────────────────────────────────────────────────────────────────────────────────────────────────
  'campaigns.fetchFailed': {
    status: 500,
    en: 'Could not load the campaigns.',
    es: 'No se han podido cargar las campañas.',
  },
  'campaigns.createFailed': {
    status: 500,
    en: 'Could not create the campaign.',
    es: 'No se ha podido crear la campaña.',
  },
  'campaigns.updateFailed': {
    status: 500,
    en: 'Could not update the campaign.',
    es: 'No se ha podido actualizar la campaña.',
  },
  'campaigns.saveFailed': {
    status: 500,
    en: 'Could not save the campaign.',
    es: 'No se ha podido guardar la campaña.',
  },
  'campaigns.deleteFailed': {
    status: 500,
    en: 'Could not delete the campaign.',
    es: 'No se ha podido eliminar la campaña.',
  },
  'campaigns.nameExists': {
    status: 409,
    en: 'A campaign with this name already exists.',
    es: 'Ya existe una campaña con este nombre.',
  },
  'campaigns.forbiddenName': {
    status: 422,
    en: 'This name cannot be used for a campaign.',
    es: 'Este nombre no se puede usar para una campaña.',
  },

  // ── Geographic filters ────────────────────────────────────────────────────────────────────────────────────────
  'geofilters.fetchFailed': {
    status: 500,
    en: 'Could not load the geographic filters.',
    es: 'No se han podido cargar los filtros geográficos.',
  },
  'geofilters.createFailed': {
    status: 500,
    en: 'Could not create the geographic filter.',
    es: 'No se ha podido crear el filtro geográfico.',
  },
  'geofilters.updateFailed': {
    status: 500,
    en: 'Could not update the geographic filter.',
    es: 'No se ha podido actualizar el filtro geográfico.',
  },
  'geofilters.saveFailed': {
    status: 500,
    en: 'Could not save the geographic filter.',
    es: 'No se ha podido guardar el filtro geográfico.',
  },
  'geofilters.deleteFailed': {
    status: 500,
    en: 'Could not delete the geographic filter.',
    es: 'No se ha podido eliminar el filtro geográfico.',
  },
  'geofilters.nameExists': {
    status: 409,
    en: 'A geographic filter with this name already exists.',
    es: 'Ya existe un filtro geográfico con este nombre.',
  },
  'geofilters.forbiddenName': {
    status: 422,
    en: 'This name cannot be used for a geographic filter.',
    es: 'Este nombre no se puede usar para un filtro geográfico.',
  },
  'geofilters.inUse': {
    status: 422,
    en: 'Cannot delete GeoFilter because is being used in at least one cluster',
    es: 'No se puede eliminar el filtro geográfico porque se está usando en al menos un clúster',
  },
  'geofilters.notFound': {
    status: 422,
    en: 'The selected geographic filter does not exist or has been deleted.',
    es: 'El filtro geográfico seleccionado no existe o se ha eliminado.',
  },

  // ── Clusters ──────────────────────────────────────────────────────────────────────────────────────────────────
  'clusters.fetchFailed': {
    status: 500,
    en: 'Could not load the clusters.',
    es: 'No se han podido cargar los clústeres.',
  },
  'clusters.createFailed': {
    status: 500,
    en: 'Could not create the cluster.',
    es: 'No se ha podido crear el clúster.',
  },
  'clusters.updateFailed': {
    status: 500,
    en: 'Could not update the cluster.',
    es: 'No se ha podido actualizar el clúster.',
  },
  'clusters.saveFailed': {
    status: 500,
    en: 'Could not save the cluster.',
    es: 'No se ha podido guardar el clúster.',
  },
  'clusters.deleteFailed': {
    status: 500,
    en: 'Could not delete the cluster.',
    es: 'No se ha podido eliminar el clúster.',
  },
  'clusters.nameExists': {
    status: 409,
    en: 'A cluster with this name already exists.',
    es: 'Ya existe un clúster con este nombre.',
  },
  'clusters.forbiddenName': {
    status: 422,
    en: 'This name cannot be used for a cluster.',
    es: 'Este nombre no se puede usar para un clúster.',
  },
  'clusters.imageTooLarge': {
    status: 400,
    en: 'The maximum allowed weight has been exceeded (1MB)',
    es: 'Se ha superado el tamaño máximo permitido (1 MB)',
  },
  'clusters.dateRangesOverlap': {
    status: 422,
    en: 'Some of the date ranges overlap',
    es: 'Algunos de los rangos de fechas se solapan',
  },
  'clusters.deleteNotOwner': {
    status: 422,
    en: 'Only clusters created with current profile can be deleted',
    es: 'Solo se pueden eliminar los clústeres creados con el perfil actual',
  },
  'clusters.noneOwned': {
    status: 422,
    en: 'None of the selected clusters is owned by the current profile',
    es: 'Ninguno de los clústeres seleccionados pertenece al perfil actual',
  },

  // ── Images (cluster image, universe logo) ────────────────────────────────────────────────────────────────────
  'images.invalidType': {
    status: 400,
    en: 'The image must be a PNG, JPG or JPEG file.',
    es: 'La imagen debe ser un archivo PNG, JPG o JPEG.',
  },

  // ── GeoJSON upload (campaigns and geographic filters) ─────────────────────────────────────────────────────────
  'geojson.invalidFileType': {
    status: 400,
    en: 'The file must be a .geojson or .json file.',
    es: 'El archivo debe ser de tipo .geojson o .json.',
  },
  'geojson.invalidContent': {
    status: 400,
    en: 'The file does not contain valid GeoJSON.',
    es: 'El archivo no contiene un GeoJSON válido.',
  },
  'geojson.onlyPolygon': {
    status: 400,
    en: 'Only Polygon features are supported; multi-polygons are not accepted.',
    es: 'Solo se admiten elementos de tipo Polygon; no se aceptan multipolígonos.',
  },
  'geojson.singleCoordinatesArray': {
    status: 400,
    en: 'The polygon must have a single coordinates array.',
    es: 'El polígono debe tener un único array de coordenadas.',
  },
  'geojson.noFeatures': {
    status: 400,
    en: 'The file must contain at least one valid feature with coordinates.',
    es: 'El archivo debe contener al menos un elemento válido con coordenadas.',
  },
  'geojson.ringNotClosed': {
    status: 400,
    en: 'The first and last coordinates of the polygon must be the same.',
    es: 'La primera y la última coordenada del polígono deben coincidir.',
  },
  'geojson.coordinatesOutOfRange': {
    status: 400,
    en: 'Every coordinate needs a longitude between -180 and 180 and a latitude between -90 and 90.',
    es: 'Cada coordenada necesita una longitud entre -180 y 180 y una latitud entre -90 y 90.',
  },
  'geojson.severalPolygons': {
    status: 400,
    en: 'The file contains more than one polygon. Keep only one and try again.',
    es: 'El archivo contiene más de un polígono. Deja solo uno e inténtalo de nuevo.',
  },
  'geojson.polygonTooBig': {
    status: 422,
    en: 'The polygon is too big (the limit is {limit}). Simplify it and try again.',
    es: 'El polígono es demasiado grande (el límite es {limit}). Simplifícalo e inténtalo de nuevo.',
  },
  'geojson.noPolygonSelected': {
    status: 400,
    en: 'Please select a polygon to cut',
    es: 'Selecciona un polígono para cortar',
  },

  // ── Files ─────────────────────────────────────────────────────────────────────────────────────────────────────
  'files.fetchFailed': {
    status: 500,
    en: 'Could not load the files.',
    es: 'No se han podido cargar los archivos.',
  },
  'files.downloadFailed': {
    status: 500,
    en: 'Could not download the file.',
    es: 'No se ha podido descargar el archivo.',
  },
  'files.retryFailed': {
    status: 500,
    en: 'Could not retry generating the file.',
    es: 'No se ha podido reintentar la generación del archivo.',
  },
  'files.notRetryable': {
    status: 422,
    en: 'Only files with errors can be retried.',
    es: 'Solo se pueden reintentar los archivos con errores.',
  },
  'files.notReady': {
    status: 409,
    en: 'The file {name} is not ready to download yet.',
    es: 'El archivo {name} todavía no está listo para descargarse.',
  },
  'files.deleted': {
    status: 410,
    en: 'The file {name} was deleted after the retention period.',
    es: 'El archivo {name} se eliminó al terminar el periodo de conservación.',
  },
  'files.linkExpired': {
    status: 410,
    en: 'This download link has expired. Ask for the file again from the files screen.',
    es: 'Este enlace de descarga ha caducado. Vuelve a solicitar el archivo desde la pantalla de archivos.',
  },
  'files.linkInvalid': {
    status: 404,
    en: 'This download link is not valid.',
    es: 'Este enlace de descarga no es válido.',
  },
  'files.generationFailed': {
    status: 500,
    en: 'The file could not be generated. Retry it.',
    es: 'No se ha podido generar el archivo. Vuelve a intentarlo.',
  },
  'files.generationTimedOut': {
    status: 500,
    en: 'The file took too long to generate and was stopped. Retry it.',
    es: 'La generación del archivo tardó demasiado y se detuvo. Vuelve a intentarlo.',
  },
  // ── Monthly data for the regulator ─────────────────────────────────────────────────────────────────────────────
  'monthlyData.futureMonth': {
    status: 422,
    en: 'The month {month} has not started yet: monthly data is generated for months that are over.',
    es: 'El mes {month} todavía no ha empezado: los datos mensuales se generan de meses ya terminados.',
  },
  'monthlyData.monthNotOver': {
    status: 422,
    en: 'The month {month} is the current month and is not over yet: its data can be generated from the first day of the next month.',
    es: 'El mes {month} es el mes en curso y todavía no ha terminado: sus datos se pueden generar a partir del primer día del mes siguiente.',
  },
  // ── Reports (PDF) ───────────────────────────────────────────────────────────────────────────────────────────────
  'reports.tableTruncated': {
    severity: 'warning',
    en: 'The table "{table}" has {rows} rows: the PDF shows the first {limit}.',
    es: 'La tabla «{table}» tiene {rows} filas: el PDF muestra las primeras {limit}.',
  },
  'reports.tableTooWide': {
    severity: 'warning',
    en: 'The table "{table}" has {columns} columns, more than fit the page: the PDF shows the first {limit}.',
    es: 'La tabla «{table}» tiene {columns} columnas, más de las que caben en la página: el PDF muestra las primeras {limit}.',
  },
  'scorecards.reportFailed': {
    status: 500,
    en: 'The scorecard report could not be generated. Try again.',
    es: 'No se ha podido generar el informe del cuadro de mando. Vuelve a intentarlo.',
  },
  // ── Regulatory reports ───────────────────────────────────────────────────────────────────────────────────────────
  'regulatoryReports.nameExists': {
    status: 409,
    en: 'A regulatory report with this name already exists.',
    es: 'Ya existe un informe regulatorio con este nombre.',
  },
  'regulatoryReports.periodEndBeforeStart': {
    status: 400,
    en: 'The period ends ({to}) before it starts ({from}).',
    es: 'El periodo termina ({to}) antes de empezar ({from}).',
  },
  'regulatoryReports.periodTooLong': {
    status: 400,
    en: 'The period can cover at most {max} days; it covers {days}.',
    es: 'El periodo puede abarcar como máximo {max} días; abarca {days}.',
  },
  'regulatoryReports.consistentSpeedOnly': {
    status: 400,
    en: 'Consistent speed (80/80) applies to download and upload speeds only, not to {kpi}.',
    es: 'La velocidad consistente (80/80) solo se aplica a las velocidades de bajada y subida, no a {kpi}.',
  },
  'regulatoryReports.statisticRepeated': {
    status: 400,
    en: 'The statistic {statistic} is listed twice for {kpi}.',
    es: 'La estadística {statistic} aparece dos veces para {kpi}.',
  },
  'regulatoryReports.kpiRepeated': {
    status: 400,
    en: 'The KPI {kpi} is listed twice: list each KPI once with all its statistics.',
    es: 'El KPI {kpi} aparece dos veces: indica cada KPI una sola vez con todas sus estadísticas.',
  },
  'regulatoryReports.calculateFailed': {
    status: 500,
    en: 'The regulatory report could not be calculated. Try again.',
    es: 'No se ha podido calcular el informe regulatorio. Vuelve a intentarlo.',
  },
  'regulatoryReports.tooManyMeasurements': {
    status: 422,
    en: 'The report reads more than {max} measurements; narrow its population or period, or ask for its file, which has no such limit.',
    es: 'El informe lee más de {max} mediciones; acota su población o su periodo, o pide su archivo, que no tiene ese límite.',
  },
  'regulatoryReports.noData': {
    severity: 'warning',
    en: 'No measurement of the report’s population falls within its period.',
    es: 'Ninguna medición de la población del informe cae dentro de su periodo.',
  },
  'regulatoryReports.receivedUntilFuture': {
    status: 400,
    en: 'The data cannot be taken as received until {receivedUntil}: that moment has not come yet.',
    es: 'Los datos no se pueden tomar como recibidos hasta {receivedUntil}: ese momento todavía no ha llegado.',
  },
} as const satisfies Record<string, CatalogueEntry>;
